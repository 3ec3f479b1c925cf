package graph

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// NodeType is the kind of a node in a workflow structure.
type NodeType string

// Node types (spec/README.md decides the five beyond start, end and task).
const (
	NodeStart     NodeType = "start"
	NodeEnd       NodeType = "end"
	NodeTask      NodeType = "task"
	NodeApproval  NodeType = "approval"  // a task whose outcome picks the next edge
	NodeCondition NodeType = "condition" // branches on a workflow parameter
	NodeParallel  NodeType = "parallel"  // fork: every outgoing edge runs
	NodeJoin      NodeType = "join"      // waits for every branch of its parallel
	NodeWait      NodeType = "wait"      // a duration or an anchor date
)

// NodeTypes lists every node type.
var NodeTypes = []NodeType{NodeStart, NodeEnd, NodeTask, NodeApproval, NodeCondition, NodeParallel, NodeJoin, NodeWait}

// Valid reports whether t is a known node type.
func (t NodeType) Valid() bool { return slices.Contains(NodeTypes, t) }

// IsStep reports whether a node of this type counts as a step of a run (for
// totalStepsCount): tasks, approvals and waits. Start, end, condition,
// parallel and join nodes take no time and are not steps.
func (t NodeType) IsStep() bool { return t == NodeTask || t == NodeApproval || t == NodeWait }

// Branch labels on the outgoing edges of approval and condition nodes.
const (
	BranchApproved = "approved"
	BranchRejected = "rejected"
	BranchTrue     = "true"
	BranchFalse    = "false"
)

// Structure is a workflow's graph as the web canvas (React Flow) stores it:
// {"nodes": [...], "edges": [...]}. Keys this package does not know (the
// canvas's viewport, a node's measured size, ...) are kept in Extra fields and
// written back, so a load and save never loses what the canvas stored.
type Structure struct {
	Nodes []Node
	Edges []Edge
	Extra map[string]json.RawMessage
}

// Position is a node's place on the canvas.
type Position struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Node is one node. Its data (the JSON "data" object) is typed by Type:
// Start for start nodes, Task for task and approval nodes, Condition for
// condition nodes, Wait for wait nodes; the others carry only a label.
type Node struct {
	ID        string
	Type      NodeType
	Position  Position
	Label     string // data.label, optional on every type
	Start     *StartData
	Task      *TaskData
	Condition *ConditionData
	Wait      *WaitData

	Extra     map[string]json.RawMessage // unknown keys of the node object
	ExtraData map[string]json.RawMessage // unknown keys of its data object
}

// Edge joins two nodes. The branch an edge stands for (approved, rejected,
// true, false) is read from SourceHandle or Label; see Branch.
type Edge struct {
	ID           string
	Source       string
	Target       string
	SourceHandle string
	TargetHandle string
	Label        string
	Extra        map[string]json.RawMessage
}

// Branch returns the branch label of the edge: the first of SourceHandle and
// Label that is, once trimmed and lower-cased, one of approved, rejected, true
// or false; "" when neither is.
func (e Edge) Branch() string {
	for _, s := range []string{e.SourceHandle, e.Label} {
		switch b := strings.ToLower(strings.TrimSpace(s)); b {
		case BranchApproved, BranchRejected, BranchTrue, BranchFalse:
			return b
		}
	}
	return ""
}

// StartData is the data of the start node: the parameters a run takes.
// Conditions branch on them; a workflow with parameters cannot have a
// schedule trigger (nobody would be there to give them).
type StartData struct {
	Parameters []Parameter `json:"parameters,omitempty"`
}

// ParameterType is the type of a workflow parameter's value.
type ParameterType string

// Parameter types.
const (
	ParamString  ParameterType = "string"
	ParamNumber  ParameterType = "number"
	ParamBoolean ParameterType = "boolean"
	ParamDate    ParameterType = "date" // YYYY-MM-DD
)

// Parameter is one input of a run.
type Parameter struct {
	Name     string        `json:"name"`
	Label    string        `json:"label,omitempty"`
	Type     ParameterType `json:"type"`
	Required bool          `json:"required,omitempty"`
}

// TaskData is the data of a task or approval node: what the run creates as a
// workflow_task thread in the inbox.
type TaskData struct {
	Title        string        `json:"title"`
	Description  string        `json:"description,omitempty"`
	CategoryID   ID            `json:"categoryId,omitempty"`
	Assignee     AssigneeRule  `json:"assignee"`
	DueDate      *DueDateRule  `json:"dueDate,omitempty"`
	Applications []Application `json:"applications,omitempty"`
	// Optional marks a step that may be skipped instead of completed. Only
	// task nodes may be optional.
	Optional bool `json:"optional,omitempty"`
}

// AssigneeType says who a task is assigned to.
type AssigneeType string

// Assignee types. The empty value means AssignNobody.
const (
	AssignResponsible AssigneeType = "responsible" // the provider user responsible for the company
	AssignUser        AssigneeType = "user"        // the user named by UserID
	AssignNobody      AssigneeType = "nobody"      // left unassigned
)

// AssigneeRule picks the assignee of a task.
type AssigneeRule struct {
	Type   AssigneeType `json:"type"`
	UserID ID           `json:"userId,omitempty"`
}

// Application is an external application a task links to, with the actions
// offered on it.
type Application struct {
	ID      ID       `json:"id"`
	Actions []string `json:"actions"`
}

// ID is an identifier as the canvas stores it: a JSON string or number,
// always held (and written back) as a string.
type ID string

// UnmarshalJSON accepts a string, a number or null.
func (id *ID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*id = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*id = ID(s)
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return fmt.Errorf("id must be a string or a number, got %s", b)
		}
		*id = ID(n.String())
	}
	return nil
}

// Operator compares a parameter's value with a condition's value.
type Operator string

// Condition operators. Ordering operators compare numbers as numbers and
// anything else as strings (so YYYY-MM-DD dates order correctly).
const (
	OpEqual        Operator = "eq"
	OpNotEqual     Operator = "neq"
	OpGreater      Operator = "gt"
	OpGreaterEqual Operator = "gte"
	OpLess         Operator = "lt"
	OpLessEqual    Operator = "lte"
	OpContains     Operator = "contains"     // substring, or element of a list
	OpNotContains  Operator = "not_contains" // negation of contains
	OpIsEmpty      Operator = "is_empty"     // missing, null, "" or []; Value unused
	OpIsNotEmpty   Operator = "is_not_empty" // negation of is_empty
)

// Operators lists every operator.
var Operators = []Operator{OpEqual, OpNotEqual, OpGreater, OpGreaterEqual, OpLess, OpLessEqual, OpContains, OpNotContains, OpIsEmpty, OpIsNotEmpty}

// ConditionData is the data of a condition node: Parameter Operator Value.
// Its outgoing edges are labelled true and false.
type ConditionData struct {
	Parameter string   `json:"parameter"`
	Operator  Operator `json:"operator"`
	Value     any      `json:"value,omitempty"`
}

// WaitType says what a wait node waits for.
type WaitType string

// Wait types.
const (
	WaitDuration   WaitType = "duration"
	WaitAnchorDate WaitType = "anchor_date"
)

// WaitData is the data of a wait node: either a duration (Days, Hours,
// Minutes) or an anchor date, given inline (AnchorDate) or as the company's
// anchor-date dynamic field (DynamicFieldID), reached at TimeOfDay.
type WaitData struct {
	Type           WaitType    `json:"type"`
	Days           int         `json:"days,omitempty"`
	Hours          int         `json:"hours,omitempty"`
	Minutes        int         `json:"minutes,omitempty"`
	DynamicFieldID ID          `json:"dynamicFieldId,omitempty"`
	AnchorDate     *AnchorDate `json:"anchorDate,omitempty"`
	TimeOfDay      TimeOfDay   `json:"timeOfDay,omitzero"`
}

// SchemaError is one problem found by the schema check: Path locates it
// (nodes[2].data.assignee.type), Code is one of invalid_json, missing_field,
// invalid_value, unknown_node_type, duplicate_id, unknown_node_reference.
type SchemaError struct {
	Path    string `json:"path"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// SchemaErrors is every problem the schema check found; it wraps
// ErrInvalidStructure.
type SchemaErrors []SchemaError

func (e SchemaErrors) Error() string {
	parts := make([]string, len(e))
	for i, se := range e {
		parts[i] = fmt.Sprintf("%s: %s (%s)", se.Path, se.Message, se.Code)
	}
	return ErrInvalidStructure.Error() + ": " + strings.Join(parts, "; ")
}

func (e SchemaErrors) Unwrap() error { return ErrInvalidStructure }

// Has reports whether one of the errors has the given code.
func (e SchemaErrors) Has(code string) bool {
	return slices.ContainsFunc(e, func(se SchemaError) bool { return se.Code == code })
}

// ParseStructure decodes a structure and runs the schema check: well-formed
// JSON; nodes and edges present as arrays; every node with an id, a known
// type and data of the right shape (field types, known enum values); ids
// unique; every edge with an id, a source and a target naming existing nodes.
// All problems are reported together as SchemaErrors.
//
// The schema check rejects what cannot be represented. What is representable
// but incomplete or inconsistent (a task without a title, a second start, an
// unreachable node) is left to Validate, so that a draft can be saved and
// loaded while it is being drawn.
func ParseStructure(b []byte) (Structure, error) {
	var s Structure
	errs := s.decode(b)
	if len(errs) > 0 {
		return Structure{}, errs
	}
	return s, nil
}

// UnmarshalJSON decodes and schema-checks a structure (see ParseStructure).
func (s *Structure) UnmarshalJSON(b []byte) error {
	var v Structure
	if errs := v.decode(b); len(errs) > 0 {
		return errs
	}
	*s = v
	return nil
}

func (s *Structure) decode(b []byte) SchemaErrors {
	var errs SchemaErrors
	fail := func(path, code, msg string) { errs = append(errs, SchemaError{Path: path, Code: code, Message: msg}) }

	top, ok := decodeObject(b)
	if !ok {
		fail("", "invalid_json", "the structure is not a JSON object")
		return errs
	}
	rawNodes, okNodes := takeArray(top, "nodes", "", fail)
	rawEdges, okEdges := takeArray(top, "edges", "", fail)
	if !okNodes || !okEdges {
		return errs
	}
	s.Extra = nonEmpty(top)

	ids := map[string]bool{}
	for i, rn := range rawNodes {
		path := "nodes[" + strconv.Itoa(i) + "]"
		n, ok := decodeNode(rn, path, fail)
		if !ok {
			continue
		}
		if ids[n.ID] {
			fail(path+".id", "duplicate_id", fmt.Sprintf("node id %q is used twice", n.ID))
			continue
		}
		ids[n.ID] = true
		s.Nodes = append(s.Nodes, n)
	}
	edgeIDs := map[string]bool{}
	for i, re := range rawEdges {
		path := "edges[" + strconv.Itoa(i) + "]"
		e, ok := decodeEdge(re, path, fail)
		if !ok {
			continue
		}
		if edgeIDs[e.ID] {
			fail(path+".id", "duplicate_id", fmt.Sprintf("edge id %q is used twice", e.ID))
			continue
		}
		edgeIDs[e.ID] = true
		for _, end := range []struct{ field, id string }{{"source", e.Source}, {"target", e.Target}} {
			if !ids[end.id] {
				fail(path+"."+end.field, "unknown_node_reference", fmt.Sprintf("edge %q: no node %q", e.ID, end.id))
				ok = false
			}
		}
		if ok {
			s.Edges = append(s.Edges, e)
		}
	}
	return errs
}

func decodeObject(b []byte) (map[string]json.RawMessage, bool) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, false
	}
	return m, true
}

func takeArray(obj map[string]json.RawMessage, key, path string, fail func(path, code, msg string)) ([]json.RawMessage, bool) {
	p := joinPath(path, key)
	raw, ok := obj[key]
	delete(obj, key)
	if !ok {
		fail(p, "missing_field", key+" is required")
		return nil, false
	}
	var arr []json.RawMessage
	if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] != '[' || json.Unmarshal(t, &arr) != nil {
		fail(p, "invalid_value", key+" must be an array")
		return nil, false
	}
	return arr, true
}

// takeString removes key from obj and returns its string value; required
// keys must be non-empty strings.
func takeString(obj map[string]json.RawMessage, key, path string, required bool, fail func(path, code, msg string)) (string, bool) {
	p := joinPath(path, key)
	raw, ok := obj[key]
	delete(obj, key)
	if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		if required {
			fail(p, "missing_field", key+" is required")
			return "", false
		}
		return "", true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		fail(p, "invalid_value", key+" must be a string")
		return "", false
	}
	if required && strings.TrimSpace(s) == "" {
		fail(p, "missing_field", key+" is required")
		return "", false
	}
	return s, true
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// nonEmpty returns m with its values compacted (so that a value read and
// written back compares equal), or nil when m is empty.
func nonEmpty(m map[string]json.RawMessage) map[string]json.RawMessage {
	if len(m) == 0 {
		return nil
	}
	for k, v := range m {
		var buf bytes.Buffer
		if json.Compact(&buf, v) == nil {
			m[k] = buf.Bytes()
		}
	}
	return m
}

func decodeNode(raw json.RawMessage, path string, fail func(path, code, msg string)) (Node, bool) {
	obj, ok := decodeObject(raw)
	if !ok {
		fail(path, "invalid_value", "a node must be an object")
		return Node{}, false
	}
	var n Node
	id, okID := takeString(obj, "id", path, true, fail)
	typ, okType := takeString(obj, "type", path, true, fail)
	n.ID, n.Type = id, NodeType(typ)
	if okType && !n.Type.Valid() {
		fail(path+".type", "unknown_node_type", fmt.Sprintf("unknown node type %q", typ))
		okType = false
	}
	if pos, has := obj["position"]; has {
		delete(obj, "position")
		if !bytes.Equal(bytes.TrimSpace(pos), []byte("null")) {
			if err := json.Unmarshal(pos, &n.Position); err != nil {
				fail(path+".position", "invalid_value", "position must be {x, y} numbers")
				okType = false
			}
		}
	}
	data := map[string]json.RawMessage{}
	if rawData, has := obj["data"]; has {
		delete(obj, "data")
		if !bytes.Equal(bytes.TrimSpace(rawData), []byte("null")) {
			d, ok := decodeObject(rawData)
			if !ok {
				fail(path+".data", "invalid_value", "data must be an object")
				return Node{}, false
			}
			data = d
		}
	}
	n.Extra = nonEmpty(obj)
	if !okID || !okType {
		return Node{}, false
	}
	if !n.decodeData(data, path+".data", fail) {
		return Node{}, false
	}
	return n, true
}

// dataKeys are the data keys each node type reads; the others are kept in
// ExtraData.
func dataKeys(t NodeType) []string {
	switch t {
	case NodeStart:
		return []string{"label", "parameters"}
	case NodeTask, NodeApproval:
		return []string{"label", "title", "description", "categoryId", "assignee", "dueDate", "applications", "optional"}
	case NodeCondition:
		return []string{"label", "parameter", "operator", "value"}
	case NodeWait:
		return []string{"label", "type", "days", "hours", "minutes", "dynamicFieldId", "anchorDate", "timeOfDay"}
	default:
		return []string{"label"}
	}
}

func (n *Node) decodeData(data map[string]json.RawMessage, path string, fail func(path, code, msg string)) bool {
	known := map[string]json.RawMessage{}
	for _, k := range dataKeys(n.Type) {
		if v, ok := data[k]; ok {
			known[k] = v
			delete(data, k)
		}
	}
	n.ExtraData = nonEmpty(data)

	label, ok := takeString(known, "label", path, false, fail)
	if !ok {
		return false
	}
	n.Label = label
	body, _ := json.Marshal(known)

	decode := func(v any) bool {
		if err := json.Unmarshal(body, v); err != nil {
			fail(path, "invalid_value", describeJSONError(err))
			return false
		}
		return true
	}
	switch n.Type {
	case NodeStart:
		n.Start = &StartData{}
		if !decode(n.Start) {
			return false
		}
		return checkStart(n.Start, path, fail)
	case NodeTask, NodeApproval:
		n.Task = &TaskData{}
		if !decode(n.Task) {
			return false
		}
		return checkTask(n.Task, path, fail)
	case NodeCondition:
		n.Condition = &ConditionData{}
		if !decode(n.Condition) {
			return false
		}
		if n.Condition.Operator != "" && !slices.Contains(Operators, n.Condition.Operator) {
			fail(path+".operator", "invalid_value", fmt.Sprintf("unknown operator %q", n.Condition.Operator))
			return false
		}
	case NodeWait:
		n.Wait = &WaitData{}
		if !decode(n.Wait) {
			return false
		}
		return checkWait(n.Wait, path, fail)
	}
	return true
}

func describeJSONError(err error) string {
	if te, ok := err.(*json.UnmarshalTypeError); ok && te.Field != "" {
		return fmt.Sprintf("%s must be %s, not %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)
	}
	return err.Error()
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "slice":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	default:
		return "a number"
	}
}

func checkStart(d *StartData, path string, fail func(path, code, msg string)) bool {
	ok := true
	for i, p := range d.Parameters {
		switch p.Type {
		case ParamString, ParamNumber, ParamBoolean, ParamDate:
		default:
			fail(fmt.Sprintf("%s.parameters[%d].type", path, i), "invalid_value", fmt.Sprintf("unknown parameter type %q", p.Type))
			ok = false
		}
	}
	return ok
}

func checkTask(d *TaskData, path string, fail func(path, code, msg string)) bool {
	ok := true
	switch d.Assignee.Type {
	case "", AssignResponsible, AssignUser, AssignNobody:
	default:
		fail(path+".assignee.type", "invalid_value", fmt.Sprintf("unknown assignee type %q", d.Assignee.Type))
		ok = false
	}
	if d.DueDate != nil {
		switch d.DueDate.Type {
		case "", DueNone, DueOffset, DueAnchorDate:
		default:
			fail(path+".dueDate.type", "invalid_value", fmt.Sprintf("unknown due-date type %q", d.DueDate.Type))
			ok = false
		}
		if !d.DueDate.HolidayHandling.Valid() {
			fail(path+".dueDate.holidayHandling", "invalid_value", fmt.Sprintf("unknown holiday handling %q", d.DueDate.HolidayHandling))
			ok = false
		}
		if a := d.DueDate.AnchorDate; a != nil && !knownAnchorEnums(*a) {
			fail(path+".dueDate.anchorDate", "invalid_value", "unknown date_type or holiday_handling")
			ok = false
		}
	}
	return ok
}

func checkWait(d *WaitData, path string, fail func(path, code, msg string)) bool {
	switch d.Type {
	case "", WaitDuration, WaitAnchorDate:
	default:
		fail(path+".type", "invalid_value", fmt.Sprintf("unknown wait type %q", d.Type))
		return false
	}
	if a := d.AnchorDate; a != nil && !knownAnchorEnums(*a) {
		fail(path+".anchorDate", "invalid_value", "unknown date_type or holiday_handling")
		return false
	}
	return true
}

func knownAnchorEnums(a AnchorDate) bool {
	return (a.DateType == "" || slices.Contains(AnchorDateTypes, a.DateType)) && a.HolidayHandling.Valid()
}

func decodeEdge(raw json.RawMessage, path string, fail func(path, code, msg string)) (Edge, bool) {
	obj, ok := decodeObject(raw)
	if !ok {
		fail(path, "invalid_value", "an edge must be an object")
		return Edge{}, false
	}
	var e Edge
	var oks [6]bool
	e.ID, oks[0] = takeString(obj, "id", path, true, fail)
	e.Source, oks[1] = takeString(obj, "source", path, true, fail)
	e.Target, oks[2] = takeString(obj, "target", path, true, fail)
	e.SourceHandle, oks[3] = takeString(obj, "sourceHandle", path, false, fail)
	e.TargetHandle, oks[4] = takeString(obj, "targetHandle", path, false, fail)
	oks[5] = true
	if raw, has := obj["label"]; has {
		// React Flow allows any React node as a label; only strings are
		// branch labels, anything else is kept as it is.
		var s string
		if json.Unmarshal(raw, &s) == nil {
			e.Label = s
			delete(obj, "label")
		}
	}
	e.Extra = nonEmpty(obj)
	return e, !slices.Contains(oks[:], false)
}

// MarshalJSON writes the structure in the canvas's shape, with the keys it
// did not know written back. Keys are written in sorted order, so the same
// structure always gives the same bytes.
func (s Structure) MarshalJSON() ([]byte, error) {
	obj := cloneRaw(s.Extra)
	nodes := make([]json.RawMessage, len(s.Nodes))
	for i, n := range s.Nodes {
		b, err := n.MarshalJSON()
		if err != nil {
			return nil, err
		}
		nodes[i] = b
	}
	edges := make([]json.RawMessage, len(s.Edges))
	for i, e := range s.Edges {
		b, err := e.MarshalJSON()
		if err != nil {
			return nil, err
		}
		edges[i] = b
	}
	if err := putJSON(obj, "nodes", nodes); err != nil {
		return nil, err
	}
	if err := putJSON(obj, "edges", edges); err != nil {
		return nil, err
	}
	return json.Marshal(obj)
}

// MarshalJSON writes the node in the canvas's shape.
func (n Node) MarshalJSON() ([]byte, error) {
	obj := cloneRaw(n.Extra)
	data := cloneRaw(n.ExtraData)
	var typed any
	switch {
	case n.Start != nil:
		typed = n.Start
	case n.Task != nil:
		typed = n.Task
	case n.Condition != nil:
		typed = n.Condition
	case n.Wait != nil:
		typed = n.Wait
	}
	if typed != nil {
		b, err := json.Marshal(typed)
		if err != nil {
			return nil, err
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(b, &fields); err != nil {
			return nil, err
		}
		for _, k := range dataKeys(n.Type) {
			if v, ok := fields[k]; ok {
				data[k] = v
			}
		}
	}
	if n.Label != "" {
		if err := putJSON(data, "label", n.Label); err != nil {
			return nil, err
		}
	}
	for _, kv := range []struct {
		key string
		val any
	}{{"id", n.ID}, {"type", n.Type}, {"position", n.Position}, {"data", data}} {
		if err := putJSON(obj, kv.key, kv.val); err != nil {
			return nil, err
		}
	}
	return json.Marshal(obj)
}

// MarshalJSON writes the edge in the canvas's shape.
func (e Edge) MarshalJSON() ([]byte, error) {
	obj := cloneRaw(e.Extra)
	fields := []struct {
		key, val string
		always   bool
	}{
		{"id", e.ID, true}, {"source", e.Source, true}, {"target", e.Target, true},
		{"sourceHandle", e.SourceHandle, false}, {"targetHandle", e.TargetHandle, false}, {"label", e.Label, false},
	}
	for _, f := range fields {
		if f.always || f.val != "" {
			if err := putJSON(obj, f.key, f.val); err != nil {
				return nil, err
			}
		}
	}
	return json.Marshal(obj)
}

func cloneRaw(m map[string]json.RawMessage) map[string]json.RawMessage {
	out := maps.Clone(m)
	if out == nil {
		out = map[string]json.RawMessage{}
	}
	return out
}

func putJSON(m map[string]json.RawMessage, key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	m[key] = b
	return nil
}
