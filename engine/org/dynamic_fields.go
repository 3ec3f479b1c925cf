package org

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// DynamicTextLimit is the longest text value of a dynamic field (spec 002 §9).
const DynamicTextLimit = 250

// The thirteen dynamic field types (spec 002 §3).
var DynamicFieldTypes = []string{"string", "email", "link", "integer", "number", "text", "dropdown", "date",
	"datetime", "boolean", "checkboxes", "radios", "anchor_date"}

// Refusals of dynamic field values, each on the field's name.
const (
	ErrFieldBlank         = "blank"
	ErrFieldTooLong       = "too_long"
	ErrFieldEmail         = "invalid_email"
	ErrFieldURL           = "invalid_url"
	ErrFieldInteger       = "not_an_integer"
	ErrFieldNumber        = "not_a_number"
	ErrFieldDate          = "invalid_date"
	ErrFieldDatetime      = "invalid_datetime"
	ErrFieldBoolean       = "not_a_boolean"
	ErrFieldInclusion     = "inclusion"
	ErrFieldAnchorDate    = "invalid_anchor_date"
	ErrFieldReadonly      = "readonly"
	ErrFieldUnknown       = "unknown_field"
	ErrDynamicFieldInUse  = "dynamic_field_in_use"
	ErrFieldNameTaken     = "name_has_already_been_taken"
	ErrFieldAllowedValues = "allowed_values_required"
)

// CompanyField is a field definition with one company's value (nil when unset).
type CompanyField struct {
	DynamicField
	Value json.RawMessage
}

// FieldSettings is a definition's settings: the allowed values (key to label)
// of dropdown, checkboxes and radios fields, and whether a dropdown takes many.
type FieldSettings struct {
	AllowedValues map[string]string `json:"allowed_values,omitempty"`
	Multiple      bool              `json:"multiple,omitempty"`
}

func settingsOf(f store.DynamicField) FieldSettings {
	var s FieldSettings
	_ = json.Unmarshal(f.Settings, &s)
	return s
}

// FieldErrors are the refusals of a dynamic-field save, one per field.
type FieldErrors []*apperr.Error

func (e FieldErrors) Error() string {
	parts := make([]string, len(e))
	for i, x := range e {
		parts[i] = x.Error()
	}
	return strings.Join(parts, "; ")
}

// DynamicFieldsResult is updateDynamicFields' answer: the company's fields after
// the save, and the anchor-date fields whose values changed (their triggers'
// next runs follow them).
type DynamicFieldsResult struct {
	Fields         []CompanyField
	CompanyID      int64
	ChangedAnchors []int64
}

// readableField: general fields, and those of the company's active categories
// the viewer may read.
func readableField(c CompanyAccess, f store.DynamicField, action string) bool {
	if f.CategoryID == nil {
		return c.Abilities.CanOn(action, access.SubjectDynamicFieldValue, access.Object{})
	}
	active := slices.ContainsFunc(c.Categories, func(cat store.Category) bool { return cat.ID == *f.CategoryID && cat.Active })
	return active && c.Abilities.CanOn(action, access.SubjectDynamicFieldValue, access.Object{CategoryID: *f.CategoryID})
}

// DynamicFields lists the company's dynamic fields the viewer may read, with values.
func (d *Directory) DynamicFields(ctx context.Context, req Request, companyID uuid.UUID) ([]CompanyField, error) {
	c, err := d.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return nil, err
	}
	return d.dynamicFieldsOf(ctx, d.st.Queries, c)
}

func (d *Directory) dynamicFieldsOf(ctx context.Context, q *store.Queries, c CompanyAccess) ([]CompanyField, error) {
	defs, err := q.DynamicFieldListAll(ctx, nil)
	if err != nil {
		return nil, err
	}
	vals, err := q.DynamicFieldValueList(ctx, c.Company.ID)
	if err != nil {
		return nil, err
	}
	byField := make(map[int64]json.RawMessage, len(vals))
	for _, v := range vals {
		byField[v.DynamicFieldID] = v.Value
	}
	out := make([]CompanyField, 0, len(defs))
	for _, f := range defs {
		if readableField(c, f, access.ActionRead) {
			out = append(out, CompanyField{DynamicField: f, Value: byField[f.ID]})
		}
	}
	return out, nil
}

// UpdateDynamicFields saves a company's values by field name (nil or "" clears
// one). With categoryID the fields must be of that category, else general.
// Every value is checked first; when any is refused nothing is saved and the
// refusals come back as FieldErrors.
func (d *Directory) UpdateDynamicFields(ctx context.Context, req Request, companyID uuid.UUID, categoryID *int64,
	values map[string]any) (DynamicFieldsResult, error) {
	c, err := d.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return DynamicFieldsResult{}, err
	}
	res := DynamicFieldsResult{CompanyID: c.Company.ID}
	if categoryID != nil && !slices.ContainsFunc(c.Categories, func(cat store.Category) bool { return cat.ID == *categoryID && cat.Active }) {
		return res, apperr.NotFound("category")
	}
	defs, err := d.st.DynamicFieldListAll(ctx, categoryID)
	if err != nil {
		return res, err
	}
	byName := map[string]store.DynamicField{}
	for _, f := range defs {
		if (categoryID == nil) == (f.CategoryID == nil) {
			byName[f.Name] = f
		}
	}
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	slices.Sort(names)
	type write struct {
		field store.DynamicField
		value json.RawMessage // nil: clear
	}
	var writes []write
	var refused FieldErrors
	denied := false
	for _, n := range names {
		f, ok := byName[n]
		if !ok {
			refused = append(refused, apperr.Invalid(n, ErrFieldUnknown))
			continue
		}
		if !readableField(c, f, access.ActionUpdate) {
			denied = true
			continue
		}
		if f.Readonly {
			refused = append(refused, apperr.Invalid(n, ErrFieldReadonly))
			continue
		}
		v, code := normalizeValue(f, values[n])
		if code != "" {
			refused = append(refused, apperr.Invalid(n, code))
			continue
		}
		writes = append(writes, write{field: f, value: v})
	}
	if denied {
		return res, apperr.Denied("")
	}
	if len(refused) > 0 {
		return res, refused
	}
	err = d.st.InTx(ctx, func(q *store.Queries) error {
		logged := map[string]any{}
		for _, w := range writes {
			if w.value == nil {
				err = q.DynamicFieldValueDelete(ctx, store.DynamicFieldValueDeleteParams{CompanyID: c.Company.ID, DynamicFieldID: w.field.ID})
			} else {
				err = q.DynamicFieldValueSet(ctx, store.DynamicFieldValueSetParams{CompanyID: c.Company.ID,
					DynamicFieldID: w.field.ID, Value: w.value, UpdatedBy: &req.User.ID})
			}
			if err != nil {
				return err
			}
			logged[w.field.Name] = w.value
			if w.field.FieldType == "anchor_date" {
				res.ChangedAnchors = append(res.ChangedAnchors, w.field.ID)
			}
		}
		if len(writes) > 0 {
			if err := logEvent(ctx, q, req, &c.Company.ID, "DynamicFieldValue", "dynamic_field_values_updated",
				map[string]any{"values": logged, "categoryId": categoryID}); err != nil {
				return err
			}
		}
		res.Fields, err = d.dynamicFieldsOf(ctx, q, c)
		return err
	})
	return res, err
}

var datePattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// normalizeValue checks a value against its field's type and answers it as
// stored (nil: clear) or the refusal's key.
func normalizeValue(f store.DynamicField, v any) (json.RawMessage, string) {
	if graph.IsEmpty(v) {
		if f.Required {
			return nil, ErrFieldBlank
		}
		return nil, ""
	}
	st := settingsOf(f)
	enc := func(x any) (json.RawMessage, string) {
		b, err := json.Marshal(x)
		if err != nil {
			return nil, ErrFieldInclusion
		}
		return b, ""
	}
	switch f.FieldType {
	case "string", "text", "email", "link":
		s, ok := v.(string)
		if !ok {
			return nil, ErrFieldInclusion
		}
		s = strings.TrimSpace(s)
		if utf8.RuneCountInString(s) > DynamicTextLimit {
			return nil, ErrFieldTooLong
		}
		switch f.FieldType {
		case "email":
			if a, err := mail.ParseAddress(s); err != nil || a.Address != s || !strings.Contains(s[strings.Index(s, "@"):], ".") {
				return nil, ErrFieldEmail
			}
		case "link":
			if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return nil, ErrFieldURL
			}
		}
		return enc(s)
	case "integer":
		n, ok := graph.AsNumber(v)
		if !ok || n != math.Trunc(n) || math.Abs(n) > 1<<53 {
			return nil, ErrFieldInteger
		}
		return enc(int64(n))
	case "number":
		n, ok := graph.AsNumber(v)
		if !ok || math.IsInf(n, 0) || math.IsNaN(n) {
			return nil, ErrFieldNumber
		}
		return enc(n)
	case "boolean":
		b, ok := v.(bool)
		if !ok {
			return nil, ErrFieldBoolean
		}
		return enc(b)
	case "date":
		s, ok := v.(string)
		if !ok || !datePattern.MatchString(s) {
			return nil, ErrFieldDate
		}
		if _, err := time.Parse("2006-01-02", s); err != nil {
			return nil, ErrFieldDate
		}
		return enc(s)
	case "datetime":
		s, ok := v.(string)
		if !ok {
			return nil, ErrFieldDatetime
		}
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return nil, ErrFieldDatetime
		}
		return enc(t.UTC().Format(time.RFC3339))
	case "radios":
		s, ok := v.(string)
		if _, allowed := st.AllowedValues[s]; !ok || !allowed {
			return nil, ErrFieldInclusion
		}
		return enc(s)
	case "dropdown":
		if !st.Multiple {
			s, ok := v.(string)
			if _, allowed := st.AllowedValues[s]; !ok || !allowed {
				return nil, ErrFieldInclusion
			}
			return enc(s)
		}
		fallthrough
	case "checkboxes":
		keys, ok := stringList(v)
		if !ok {
			return nil, ErrFieldInclusion
		}
		for _, k := range keys {
			if _, allowed := st.AllowedValues[k]; !allowed {
				return nil, ErrFieldInclusion
			}
		}
		return enc(keys)
	case "anchor_date":
		b, err := json.Marshal(v)
		if err != nil {
			return nil, ErrFieldAnchorDate
		}
		var a graph.AnchorDate
		if err := json.Unmarshal(b, &a); err != nil || a.Validate() != nil {
			return nil, ErrFieldAnchorDate
		}
		if a.HolidayHandling == "" {
			a.HolidayHandling = graph.PreviousWeekday
		}
		return enc(a)
	}
	return nil, ErrFieldInclusion
}

func stringList(v any) ([]string, bool) {
	switch x := v.(type) {
	case []string:
		return x, true
	case []any:
		out := make([]string, 0, len(x))
		seen := map[string]bool{}
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, false
			}
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
		return out, true
	}
	return nil, false
}

// Definitions ------------------------------------------------------------------

// DynamicFieldInput is a definition as createDynamicField and updateDynamicField send it.
type DynamicFieldInput struct {
	CategoryID         *int64
	Name, Title, Type  string
	Required, Readonly bool
	AllowedValues      []FieldOption
	Multiple           bool
}

// FieldOption is one allowed value.
type FieldOption struct{ Key, Label string }

var fieldNamePattern = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// requireGlobalAdmin: definitions are the admin panel's, for global admins.
func requireGlobalAdmin(req Request) error {
	if req.User.UserType != string(access.UserTypeStaff) || req.User.UserRole != string(access.UserRoleAdmin) || !req.AdminPanel {
		return apperr.Denied("")
	}
	return nil
}

// DynamicFieldDefinitions lists the definitions (all, or one category's).
func (d *Directory) DynamicFieldDefinitions(ctx context.Context, req Request, categoryID *int64) ([]store.DynamicField, error) {
	if err := requireGlobalAdmin(req); err != nil {
		return nil, err
	}
	return d.st.DynamicFieldListAll(ctx, categoryID)
}

func (in DynamicFieldInput) settings() (json.RawMessage, error) {
	st := FieldSettings{}
	switch in.Type {
	case "dropdown", "checkboxes", "radios":
		st.AllowedValues = map[string]string{}
		for _, o := range in.AllowedValues {
			k, l := strings.TrimSpace(o.Key), strings.TrimSpace(o.Label)
			if k == "" || l == "" || utf8.RuneCountInString(k) > DynamicTextLimit || utf8.RuneCountInString(l) > DynamicTextLimit {
				return nil, apperr.Invalid("allowedValues", "invalid")
			}
			st.AllowedValues[k] = l
		}
		if len(st.AllowedValues) == 0 {
			return nil, apperr.Invalid("allowedValues", ErrFieldAllowedValues)
		}
		st.Multiple = in.Type == "dropdown" && in.Multiple
	}
	return json.Marshal(st)
}

// CreateDynamicField defines a field.
func (d *Directory) CreateDynamicField(ctx context.Context, req Request, in DynamicFieldInput) (store.DynamicField, error) {
	if err := requireGlobalAdmin(req); err != nil {
		return store.DynamicField{}, err
	}
	in.Name, in.Title = strings.TrimSpace(in.Name), strings.TrimSpace(in.Title)
	if !fieldNamePattern.MatchString(in.Name) || len(in.Name) > 63 {
		return store.DynamicField{}, apperr.Invalid("name", "invalid")
	}
	if in.Title == "" {
		return store.DynamicField{}, apperr.Invalid("title", ErrFieldBlank)
	}
	if utf8.RuneCountInString(in.Title) > DynamicTextLimit {
		return store.DynamicField{}, apperr.Invalid("title", ErrFieldTooLong)
	}
	if !slices.Contains(DynamicFieldTypes, in.Type) {
		return store.DynamicField{}, apperr.Invalid("type", ErrFieldInclusion)
	}
	if in.CategoryID != nil {
		if ok, err := d.st.DynamicFieldCategoryExists(ctx, *in.CategoryID); err != nil {
			return store.DynamicField{}, err
		} else if !ok {
			return store.DynamicField{}, apperr.NotFound("category")
		}
	}
	settings, err := in.settings()
	if err != nil {
		return store.DynamicField{}, err
	}
	var out store.DynamicField
	err = d.st.InTx(ctx, func(q *store.Queries) error {
		taken, err := q.DynamicFieldNameTaken(ctx, in.Name)
		if err != nil {
			return err
		}
		if taken {
			return apperr.Invalid("name", ErrFieldNameTaken)
		}
		if out, err = q.DynamicFieldCreate(ctx, store.DynamicFieldCreateParams{CategoryID: in.CategoryID, Name: in.Name,
			Title: in.Title, FieldType: in.Type, Readonly: in.Readonly, Required: in.Required, Settings: settings}); err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "DynamicFieldValue", "dynamic_field_created",
			map[string]any{"id": out.ID, "name": out.Name, "type": out.FieldType, "categoryId": out.CategoryID})
	})
	return out, err
}

// UpdateDynamicField changes a definition's title, flags and allowed values.
func (d *Directory) UpdateDynamicField(ctx context.Context, req Request, id int64, in DynamicFieldInput) (store.DynamicField, error) {
	if err := requireGlobalAdmin(req); err != nil {
		return store.DynamicField{}, err
	}
	f, err := d.st.DynamicFieldByID(ctx, id)
	if store.IsNotFound(err) {
		return f, apperr.NotFound("dynamic_field")
	} else if err != nil {
		return f, err
	}
	in.Title = strings.TrimSpace(in.Title)
	if in.Title == "" {
		return f, apperr.Invalid("title", ErrFieldBlank)
	}
	if utf8.RuneCountInString(in.Title) > DynamicTextLimit {
		return f, apperr.Invalid("title", ErrFieldTooLong)
	}
	in.Type = f.FieldType
	settings, err := in.settings()
	if err != nil {
		return f, err
	}
	err = d.st.InTx(ctx, func(q *store.Queries) error {
		if f, err = q.DynamicFieldUpdate(ctx, store.DynamicFieldUpdateParams{ID: id, Title: in.Title, Readonly: in.Readonly,
			Required: in.Required, Settings: settings}); err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "DynamicFieldValue", "dynamic_field_updated",
			map[string]any{"id": f.ID, "name": f.Name, "title": f.Title, "required": f.Required, "readonly": f.Readonly})
	})
	return f, err
}

// DeleteDynamicField removes a definition and its values, unless an anchor-date
// trigger of a live assignment names it.
func (d *Directory) DeleteDynamicField(ctx context.Context, req Request, id int64) error {
	if err := requireGlobalAdmin(req); err != nil {
		return err
	}
	return d.st.InTx(ctx, func(q *store.Queries) error {
		f, err := q.DynamicFieldByID(ctx, id)
		if store.IsNotFound(err) {
			return apperr.NotFound("dynamic_field")
		} else if err != nil {
			return err
		}
		used, err := q.DynamicFieldInTrigger(ctx, strconv.FormatInt(id, 10))
		if err != nil {
			return err
		}
		if used {
			return apperr.Argument(ErrDynamicFieldInUse)
		}
		if err := q.DynamicFieldDelete(ctx, id); err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "DynamicFieldValue", "dynamic_field_deleted", map[string]any{"id": f.ID, "name": f.Name})
	})
}

// AsFieldErrors finds FieldErrors in err's chain.
func AsFieldErrors(err error) (FieldErrors, bool) {
	var fe FieldErrors
	ok := errors.As(err, &fe)
	return fe, ok
}
