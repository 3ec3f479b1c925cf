package graph

import (
	"encoding/json"
	"strconv"

	"portico/api/graph/model"
	"portico/engine/org"
)

// dynamicField maps a definition, with a company's value when it has one.
func dynamicField(f org.DynamicField, value json.RawMessage) *model.DynamicField {
	m := &model.DynamicField{ID: strconv.FormatInt(f.ID, 10), Name: f.Name, Title: f.Title, Type: f.FieldType,
		Readonly: f.Readonly, Required: f.Required, Settings: json.RawMessage(`{}`), Position: int(f.Position)}
	if len(f.Settings) > 0 {
		m.Settings = json.RawMessage(f.Settings)
	}
	if len(value) > 0 {
		m.Value = value
	}
	if f.CategoryID != nil {
		s := strconv.FormatInt(*f.CategoryID, 10)
		m.CategoryID = &s
	}
	return m
}

func dynamicFields(list []org.CompanyField) []*model.DynamicField {
	return mapAll(list, func(f org.CompanyField) *model.DynamicField { return dynamicField(f.DynamicField, f.Value) })
}

func definitions(list []org.DynamicField) []*model.DynamicField {
	return mapAll(list, func(f org.DynamicField) *model.DynamicField { return dynamicField(f, nil) })
}

// dynamicFieldErrors maps a save's per-field refusals (or any other error as usual).
func dynamicFieldErrors(err error) ([]*model.MutationError, error) {
	if fe, ok := org.AsFieldErrors(err); ok {
		out := make([]*model.MutationError, len(fe))
		for i, e := range fe {
			out[i] = MutationError(e)
		}
		return out, nil
	}
	return mutationErrors(err)
}

// optInt64 reads an optional numeric id (nil or empty: nil).
func (a *args) optInt64(s *string, entity string) *int64 {
	if s == nil || *s == "" || a.err != nil {
		return nil
	}
	n := a.int64(*s, entity)
	return &n
}

func fieldInput(categoryID *int64, name, title, typ string, required, readonly *bool,
	allowed []*model.DynamicFieldOptionInput, multiple *bool) org.DynamicFieldInput {
	in := org.DynamicFieldInput{CategoryID: categoryID, Name: name, Title: title, Type: typ,
		Required: value(required), Readonly: value(readonly), Multiple: value(multiple)}
	for _, o := range allowed {
		if o != nil {
			in.AllowedValues = append(in.AllowedValues, org.FieldOption{Key: o.Key, Label: o.Label})
		}
	}
	return in
}

func fieldPayload(f *model.DynamicField, errs []*model.MutationError) *model.DynamicFieldPayload {
	return &model.DynamicFieldPayload{DynamicField: f, Errors: errs}
}
