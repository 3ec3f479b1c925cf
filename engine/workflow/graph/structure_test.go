package graph

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func loadFixture(t testing.TB) (Structure, []byte) {
	t.Helper()
	b, err := os.ReadFile("testdata/month_end_closing.json")
	require.NoError(t, err)
	s, err := ParseStructure(b)
	require.NoError(t, err)
	return s, b
}

func TestParseStructureReadsTypedData(t *testing.T) {
	t.Parallel()
	s, _ := loadFixture(t)
	require.Len(t, s.Nodes, 13)
	require.Len(t, s.Edges, 14)

	start, ok := s.Node("start")
	require.True(t, ok)
	assert.Equal(t, "Start", start.Label)
	assert.Equal(t, []Parameter{{Name: "hasPayroll", Label: "Company runs payroll", Type: ParamBoolean, Required: true}}, start.Start.Parameters)

	collect, _ := s.Node("collect")
	assert.Equal(t, Position{X: 0, Y: 120}, collect.Position)
	assert.Equal(t, &TaskData{
		Title:        "Collect receipts",
		Description:  "Ask the customer for the month's receipts.",
		CategoryID:   "3",
		Assignee:     AssigneeRule{Type: AssignResponsible},
		DueDate:      &DueDateRule{Type: DueOffset, Days: 5, HolidayHandling: NextWeekday},
		Applications: []Application{{ID: "netvisor", Actions: []string{"open_ledger", "export"}}},
	}, collect.Task)
	assert.JSONEq(t, `"#1677ff"`, string(collect.ExtraData["color"]), "unknown data keys are kept")
	assert.JSONEq(t, `{"width": 220, "height": 64}`, string(collect.Extra["measured"]), "unknown node keys are kept")

	vat, _ := s.Node("vat")
	assert.Equal(t, AssigneeRule{Type: AssignUser, UserID: "42"}, vat.Task.Assignee, "numeric ids are read as strings")
	assert.Equal(t, ID("17"), vat.Task.DueDate.DynamicFieldID)

	check, _ := s.Node("check")
	assert.Equal(t, &ConditionData{Parameter: "hasPayroll", Operator: OpEqual, Value: true}, check.Condition)

	payroll, _ := s.Node("payroll")
	assert.True(t, payroll.Task.Optional)
	assert.Equal(t, &AnchorDate{DayNumber: 15, DateType: DayOfMonth, FollowingInterval: 1, HolidayHandling: PreviousWeekday}, payroll.Task.DueDate.AnchorDate)

	until, _ := s.Node("until")
	assert.Equal(t, WaitAnchorDate, until.Wait.Type)
	assert.Equal(t, TimeOfDay{9, 0}, until.Wait.TimeOfDay)
	pause, _ := s.Node("pause")
	assert.Equal(t, "36h0m0s", pause.Wait.Duration().String())

	branches := map[string]string{}
	for _, e := range s.Edges {
		branches[e.ID] = e.Branch()
	}
	assert.Equal(t, BranchTrue, branches["e-check-payroll"], "from sourceHandle")
	assert.Equal(t, BranchFalse, branches["e-check-pause"], "from the label, case-insensitively")
	assert.Equal(t, BranchApproved, branches["e-approve-until"])
	assert.Equal(t, "", branches["e-fork-vat"])
	assert.Nil(t, Validate(s))
}

func TestStructureJSONRoundTrip(t *testing.T) {
	t.Parallel()
	s, raw := loadFixture(t)
	out, err := json.Marshal(s)
	require.NoError(t, err)

	again, err := ParseStructure(out)
	require.NoError(t, err)
	assert.Equal(t, s, again)
	out2, err := json.Marshal(again)
	require.NoError(t, err)
	assert.Equal(t, string(out), string(out2), "marshalling is deterministic")

	// Everything the canvas stored survives, ids as strings.
	var before, after map[string]any
	require.NoError(t, json.Unmarshal(raw, &before))
	require.NoError(t, json.Unmarshal(out, &after))
	assert.Equal(t, before["viewport"], after["viewport"])
	nodes := after["nodes"].([]any)
	collect := nodes[1].(map[string]any)
	assert.Equal(t, false, collect["selected"])
	assert.Equal(t, "#1677ff", collect["data"].(map[string]any)["color"])
	assert.Equal(t, "3", collect["data"].(map[string]any)["categoryId"])
	edge := after["edges"].([]any)[3].(map[string]any)
	assert.Equal(t, true, edge["animated"])

	var viaUnmarshal Structure
	require.NoError(t, json.Unmarshal(raw, &viaUnmarshal))
	assert.Equal(t, s, viaUnmarshal)
}

func TestParseStructureSchemaErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		json string
		path string
		code string
	}{
		{"not JSON", `{"nodes": [`, "", "invalid_json"},
		{"an array", `[]`, "", "invalid_json"},
		{"empty", ``, "", "invalid_json"},
		{"no nodes", `{"edges": []}`, "nodes", "missing_field"},
		{"no edges", `{"nodes": []}`, "edges", "missing_field"},
		{"nodes not an array", `{"nodes": {}, "edges": []}`, "nodes", "invalid_value"},
		{"node not an object", `{"nodes": [1], "edges": []}`, "nodes[0]", "invalid_value"},
		{"node without id", `{"nodes": [{"type": "start"}], "edges": []}`, "nodes[0].id", "missing_field"},
		{"node with an empty id", `{"nodes": [{"id": " ", "type": "start"}], "edges": []}`, "nodes[0].id", "missing_field"},
		{"node id a number", `{"nodes": [{"id": 1, "type": "start"}], "edges": []}`, "nodes[0].id", "invalid_value"},
		{"node without type", `{"nodes": [{"id": "a"}], "edges": []}`, "nodes[0].type", "missing_field"},
		{"unknown node type", `{"nodes": [{"id": "a", "type": "email"}], "edges": []}`, "nodes[0].type", "unknown_node_type"},
		{"duplicate node id", `{"nodes": [{"id": "a", "type": "start"}, {"id": "a", "type": "end"}], "edges": []}`, "nodes[1].id", "duplicate_id"},
		{"bad position", `{"nodes": [{"id": "a", "type": "start", "position": {"x": "left"}}], "edges": []}`, "nodes[0].position", "invalid_value"},
		{"data not an object", `{"nodes": [{"id": "a", "type": "task", "data": "x"}], "edges": []}`, "nodes[0].data", "invalid_value"},
		{"title a number", `{"nodes": [{"id": "a", "type": "task", "data": {"title": 5}}], "edges": []}`, "nodes[0].data", "invalid_value"},
		{"label an object", `{"nodes": [{"id": "a", "type": "end", "data": {"label": {}}}], "edges": []}`, "nodes[0].data.label", "invalid_value"},
		{"unknown assignee type", `{"nodes": [{"id": "a", "type": "task", "data": {"title": "t", "assignee": {"type": "everyone"}}}], "edges": []}`, "nodes[0].data.assignee.type", "invalid_value"},
		{"unknown due-date type", `{"nodes": [{"id": "a", "type": "task", "data": {"title": "t", "dueDate": {"type": "soon"}}}], "edges": []}`, "nodes[0].data.dueDate.type", "invalid_value"},
		{"unknown holiday handling", `{"nodes": [{"id": "a", "type": "task", "data": {"dueDate": {"type": "offset", "holidayHandling": "skip"}}}], "edges": []}`, "nodes[0].data.dueDate.holidayHandling", "invalid_value"},
		{"unknown anchor date type", `{"nodes": [{"id": "a", "type": "approval", "data": {"dueDate": {"type": "anchor_date", "anchorDate": {"day_number": 1, "date_type": "fortnight"}}}}], "edges": []}`, "nodes[0].data.dueDate.anchorDate", "invalid_value"},
		{"applications not a list", `{"nodes": [{"id": "a", "type": "task", "data": {"applications": {"id": 1}}}], "edges": []}`, "nodes[0].data", "invalid_value"},
		{"unknown operator", `{"nodes": [{"id": "c", "type": "condition", "data": {"parameter": "p", "operator": "like"}}], "edges": []}`, "nodes[0].data.operator", "invalid_value"},
		{"unknown wait type", `{"nodes": [{"id": "w", "type": "wait", "data": {"type": "forever"}}], "edges": []}`, "nodes[0].data.type", "invalid_value"},
		{"bad wait time of day", `{"nodes": [{"id": "w", "type": "wait", "data": {"type": "anchor_date", "timeOfDay": "25:00"}}], "edges": []}`, "nodes[0].data", "invalid_value"},
		{"unknown parameter type", `{"nodes": [{"id": "s", "type": "start", "data": {"parameters": [{"name": "p", "type": "money"}]}}], "edges": []}`, "nodes[0].data.parameters[0].type", "invalid_value"},
		{"edge without id", `{"nodes": [{"id": "a", "type": "start"}], "edges": [{"source": "a", "target": "a"}]}`, "edges[0].id", "missing_field"},
		{"edge without source", `{"nodes": [{"id": "a", "type": "start"}], "edges": [{"id": "e", "target": "a"}]}`, "edges[0].source", "missing_field"},
		{"edge to a missing node", `{"nodes": [{"id": "a", "type": "start"}], "edges": [{"id": "e", "source": "a", "target": "b"}]}`, "edges[0].target", "unknown_node_reference"},
		{"duplicate edge id", `{"nodes": [{"id": "a", "type": "start"}, {"id": "b", "type": "end"}], "edges": [{"id": "e", "source": "a", "target": "b"}, {"id": "e", "source": "a", "target": "b"}]}`, "edges[1].id", "duplicate_id"},
		{"edge not an object", `{"nodes": [], "edges": ["a-b"]}`, "edges[0]", "invalid_value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := ParseStructure([]byte(tc.json))
			require.Error(t, err)
			require.ErrorIs(t, err, ErrInvalidStructure)
			var errs SchemaErrors
			require.ErrorAs(t, err, &errs)
			assert.True(t, errs.Has(tc.code), "want %s, got %v", tc.code, errs)
			var paths []string
			for _, e := range errs {
				paths = append(paths, e.Path)
			}
			assert.Contains(t, paths, tc.path)

			if tc.code != "invalid_json" { // json.Unmarshal itself rejects malformed JSON
				var s Structure
				assert.ErrorIs(t, json.Unmarshal([]byte(tc.json), &s), ErrInvalidStructure, "json.Unmarshal runs the same check")
			}
		})
	}
}

func TestParseStructureReportsEveryProblem(t *testing.T) {
	t.Parallel()
	_, err := ParseStructure([]byte(`{"nodes": [{"id": "a", "type": "robot"}, {"type": "end"}], "edges": [{"id": "e", "source": "a", "target": "z"}]}`))
	var errs SchemaErrors
	require.ErrorAs(t, err, &errs)
	assert.Len(t, errs, 4, "%v", errs) // unknown type, missing id, edge source a and target z unknown
	assert.Contains(t, err.Error(), "unknown node type")
}

func TestParseStructureAcceptsAnEmptyDraftAndMinimalNodes(t *testing.T) {
	t.Parallel()
	s, err := ParseStructure([]byte(`{"nodes": [], "edges": []}`))
	require.NoError(t, err)
	assert.Empty(t, s.Nodes)
	assert.True(t, Validate(s).Has("missing_start"))

	s, err = ParseStructure([]byte(`{"nodes": [{"id": "s", "type": "start"}, {"id": "t", "type": "task", "data": null}, {"id": "e", "type": "end"}],
		"edges": [{"id": "1", "source": "s", "target": "t"}, {"id": "2", "source": "t", "target": "e"}]}`))
	require.NoError(t, err)
	assert.NotNil(t, s.Nodes[1].Task)
	assert.Equal(t, []string{"missing_title"}, Validate(s).Codes("t"), "a draft may lack a title; validation says so")
}
