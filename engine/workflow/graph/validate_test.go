package graph

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// graphOf builds a structure from a compact description: nodes as "id:type"
// and edges as "src>dst" or "src>dst:label". Task and approval nodes get a
// title, condition nodes a declared parameter, wait nodes a duration, so that
// only the graph is under test.
func graphOf(nodes string, edges ...string) Structure {
	var s Structure
	params := false
	for _, spec := range strings.Fields(nodes) {
		id, typ, _ := strings.Cut(spec, ":")
		n := Node{ID: id, Type: NodeType(typ)}
		switch n.Type {
		case NodeStart:
			n.Start = &StartData{}
		case NodeTask, NodeApproval:
			n.Task = &TaskData{Title: "Do " + id}
		case NodeCondition:
			n.Condition = &ConditionData{Parameter: "p", Operator: OpEqual, Value: "yes"}
			params = true
		case NodeWait:
			n.Wait = &WaitData{Type: WaitDuration, Days: 1}
		}
		s.Nodes = append(s.Nodes, n)
	}
	if params {
		for i := range s.Nodes {
			if s.Nodes[i].Type == NodeStart {
				s.Nodes[i].Start.Parameters = []Parameter{{Name: "p", Type: ParamString}}
			}
		}
	}
	for i, spec := range edges {
		ends, label, _ := strings.Cut(spec, ":")
		src, dst, _ := strings.Cut(ends, ">")
		s.Edges = append(s.Edges, Edge{ID: fmt.Sprintf("e%d", i+1), Source: src, Target: dst, Label: label})
	}
	return s
}

// codes renders validation errors as "node:code" (":code" for the
// structure's own), in order.
func codes(v ValidationErrors) []string {
	var out []string
	for _, e := range v {
		out = append(out, e.NodeID+":"+e.Code)
	}
	return out
}

func TestValidateGraphs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		s    Structure
		want []string
	}{
		{"a straight line is valid",
			graphOf("s:start a:task w:wait e:end", "s>a", "a>w", "w>e"), nil},
		{"approval with both outcomes is valid",
			graphOf("s:start ap:approval ok:end no:end", "s>ap", "ap>ok:approved", "ap>no:rejected"), nil},
		{"condition branches merging into one task is valid",
			graphOf("s:start c:condition a:task b:task m:task e:end", "s>c", "c>a:true", "c>b:false", "a>m", "b>m", "m>e"), nil},
		{"a condition may lead both ways to the same node",
			graphOf("s:start c:condition m:task e:end", "s>c", "c>m:true", "c>m:false", "m>e"), nil},
		{"parallel and join are valid",
			graphOf("s:start p:parallel a:task b:task j:join e:end", "s>p", "p>a", "p>b", "a>j", "b>j", "j>e"), nil},
		{"an empty parallel branch straight to the join is valid",
			graphOf("s:start p:parallel a:task j:join e:end", "s>p", "p>a", "p>j", "a>j", "j>e"), nil},
		{"nested parallels are valid",
			graphOf("s:start p1:parallel p2:parallel a:task b:task j2:join c:task j1:join e:end",
				"s>p1", "p1>p2", "p1>c", "p2>a", "p2>b", "a>j2", "b>j2", "j2>j1", "c>j1", "j1>e"), nil},
		{"a condition inside a branch, merged before the join, is valid",
			graphOf("s:start p:parallel c:condition x:task y:task m:task b:task j:join e:end",
				"s>p", "p>c", "p>b", "c>x:true", "c>y:false", "x>m", "y>m", "m>j", "b>j", "j>e"), nil},
		{"three branches",
			graphOf("s:start p:parallel a:task b:task c:task j:join e:end", "s>p", "p>a", "p>b", "p>c", "a>j", "b>j", "c>j", "j>e"), nil},

		{"no start",
			graphOf("a:task e:end", "a>e"), []string{":missing_start"}},
		{"two starts",
			graphOf("s1:start s2:start a:task e:end", "s1>a", "s2>a", "a>e"), []string{"s1:multiple_starts", "s2:multiple_starts"}},
		{"no end",
			graphOf("s:start a:task", "s>a"), []string{":missing_end", "s:no_path_to_end", "a:missing_outgoing", "a:no_path_to_end"}},
		{"an unreachable node",
			graphOf("s:start a:task b:task e:end", "s>a", "a>e", "b>e"), []string{"b:unreachable"}},
		{"a dead end",
			graphOf("s:start c:condition a:task b:task e:end", "s>c", "c>a:true", "c>b:false", "a>e"),
			[]string{"b:missing_outgoing", "b:no_path_to_end"}},
		{"a loop through a condition",
			graphOf("s:start a:task c:condition e:end", "s>a", "a>c", "c>a:true", "c>e:false"), []string{"a:cycle", "c:cycle"}},
		{"an approval looping on itself",
			graphOf("s:start ap:approval e:end", "s>ap", "ap>e:approved", "ap>ap:rejected"), []string{"ap:cycle"}},
		{"unlabelled condition edges",
			graphOf("s:start c:condition a:task e:end", "s>c", "c>a", "c>e", "a>e"),
			[]string{"c:unlabelled_branch", "c:unlabelled_branch", "c:missing_branch", "c:missing_branch"}},
		{"an approval with the wrong words",
			graphOf("s:start ap:approval e:end x:end", "s>ap", "ap>e:yes", "ap>x:rejected"),
			[]string{"ap:unlabelled_branch", "ap:missing_branch"}},
		{"two approved edges",
			graphOf("s:start ap:approval e:end x:end", "s>ap", "ap>e:approved", "ap>x:approved"),
			[]string{"ap:duplicate_branch", "ap:missing_branch"}},
		{"a condition with one branch",
			graphOf("s:start c:condition e:end", "s>c", "c>e:true"), []string{"c:missing_branch"}},
		{"a task leading two ways",
			graphOf("s:start a:task e:end f:end", "s>a", "a>e", "a>f"), []string{"a:multiple_outgoing"}},
		{"a start leading two ways",
			graphOf("s:start a:task b:task e:end", "s>a", "s>b", "a>e", "b>e"), []string{"s:multiple_outgoing"}},
		{"an edge into the start",
			graphOf("s:start c:condition e:end", "s>c", "c>s:true", "c>e:false"),
			[]string{"s:start_has_incoming", "s:cycle", "c:cycle"}},
		{"an end leading on",
			graphOf("s:start e:end a:task f:end", "s>e", "e>a", "a>f"), []string{"e:end_has_outgoing"}},
		{"the same edge twice",
			graphOf("s:start a:task e:end", "s>a", "a>e", "a>e"), []string{"a:duplicate_edge", "a:multiple_outgoing"}},
		{"a parallel with one branch",
			graphOf("s:start p:parallel a:task j:join e:end", "s>p", "p>a", "a>j", "j>e"),
			[]string{"p:parallel_too_few_branches", "j:join_too_few_inputs"}},
		{"a join without a parallel",
			graphOf("s:start c:condition a:task b:task j:join e:end", "s>c", "c>a:true", "c>b:false", "a>j", "b>j", "j>e"),
			[]string{"j:unmatched_join"}},
		{"a parallel without a join",
			graphOf("s:start p:parallel a:task b:task e1:end e2:end", "s>p", "p>a", "p>b", "a>e1", "b>e2"),
			[]string{"p:unmatched_parallel"}},
		{"a branch leaving for an end",
			graphOf("s:start p:parallel a:approval b:task j:join e:end x:end",
				"s>p", "p>a", "p>b", "a>j:approved", "a>x:rejected", "b>j", "j>e"),
			[]string{"p:unmatched_parallel", "j:unmatched_join"}},
		{"a branch entering the join twice through a condition",
			graphOf("s:start p:parallel c:condition b:task j:join e:end",
				"s>p", "p>c", "p>b", "c>j:true", "c>j:false", "b>j", "j>e"),
			[]string{"p:unmatched_parallel", "j:unmatched_join"}},
		{"branches crossing before the join",
			graphOf("s:start p:parallel a:task b:task c:task j:join e:end",
				"s>p", "p>a", "p>b", "a>c", "b>c", "c>j", "p>j", "j>e"),
			[]string{"p:unmatched_parallel", "j:unmatched_join"}},
		{"a path into a branch from outside the parallel",
			graphOf("s:start c:condition p:parallel a:task b:task j:join e:end",
				"s>c", "c>p:true", "c>a:false", "p>a", "p>b", "a>j", "b>j", "j>e"),
			[]string{"p:unmatched_parallel", "j:unmatched_join"}},
		{"a branch skipping the join",
			graphOf("s:start p:parallel a:task c:condition j:join m:task e:end",
				"s>p", "p>a", "p>c", "a>j", "c>j:true", "c>m:false", "j>m", "m>e"),
			[]string{"p:unmatched_parallel", "j:unmatched_join"}},
		{"joins swapped between nested parallels",
			graphOf("s:start p1:parallel p2:parallel a:task b:task c:task j1:join j2:join e:end",
				"s>p1", "p1>p2", "p1>c", "p2>a", "p2>b", "a>j1", "b>j2", "c>j1", "j1>j2", "j2>e"),
			[]string{"p1:unmatched_parallel", "p2:unmatched_parallel", "j1:unmatched_join", "j2:unmatched_join"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Validate(tc.s)
			assert.Equal(t, tc.want, codes(got), "%v", got)
			if tc.want == nil {
				assert.NoError(t, got.Err())
			} else {
				assert.ErrorIs(t, got.Err(), ErrInvalidGraph)
			}
		})
	}
}

func TestValidateNodeContent(t *testing.T) {
	t.Parallel()
	base := func(mid Node) Structure {
		s := graphOf("s:start e:end")
		s.Nodes = []Node{s.Nodes[0], mid, s.Nodes[1]}
		s.Nodes[0].Start.Parameters = []Parameter{{Name: "amount", Type: ParamNumber}}
		s.Edges = []Edge{{ID: "1", Source: "s", Target: mid.ID}, {ID: "2", Source: mid.ID, Target: "e", Label: "true"}}
		if mid.Type == NodeCondition || mid.Type == NodeApproval {
			label := map[NodeType]string{NodeCondition: "false", NodeApproval: "rejected"}[mid.Type]
			s.Edges[1].Label = map[NodeType]string{NodeCondition: "true", NodeApproval: "approved"}[mid.Type]
			s.Nodes = append(s.Nodes, Node{ID: "e2", Type: NodeEnd})
			s.Edges = append(s.Edges, Edge{ID: "3", Source: mid.ID, Target: "e2", Label: label})
		}
		return s
	}
	tests := []struct {
		name string
		node Node
		want []string // field:code
	}{
		{"a complete task", Node{ID: "n", Type: NodeTask, Task: &TaskData{Title: "T", Assignee: AssigneeRule{Type: AssignUser, UserID: "7"}}}, nil},
		{"a task without a title", Node{ID: "n", Type: NodeTask, Task: &TaskData{Title: "  "}}, []string{"title:missing_title"}},
		{"a task node with no data", Node{ID: "n", Type: NodeTask}, []string{"title:missing_title"}},
		{"a user assignee without a user", Node{ID: "n", Type: NodeTask, Task: &TaskData{Title: "T", Assignee: AssigneeRule{Type: AssignUser}}},
			[]string{"assignee.userId:missing_assignee_user"}},
		{"an optional approval", Node{ID: "n", Type: NodeApproval, Task: &TaskData{Title: "T", Optional: true}}, []string{"optional:optional_approval"}},
		{"a negative offset", Node{ID: "n", Type: NodeTask, Task: &TaskData{Title: "T", DueDate: &DueDateRule{Type: DueOffset, Days: -1}}},
			[]string{"dueDate.days:invalid_due_offset"}},
		{"an anchor due date with no anchor", Node{ID: "n", Type: NodeTask, Task: &TaskData{Title: "T", DueDate: &DueDateRule{Type: DueAnchorDate}}},
			[]string{"dueDate.anchorDate:missing_anchor_date"}},
		{"an anchor due date with both sources", Node{ID: "n", Type: NodeTask, Task: &TaskData{Title: "T",
			DueDate: &DueDateRule{Type: DueAnchorDate, DynamicFieldID: "3", AnchorDate: &AnchorDate{DayNumber: 1, DateType: DayOfMonth}}}},
			[]string{"dueDate.anchorDate:ambiguous_anchor_date"}},
		{"an invalid inline anchor", Node{ID: "n", Type: NodeTask, Task: &TaskData{Title: "T",
			DueDate: &DueDateRule{Type: DueAnchorDate, AnchorDate: &AnchorDate{DayNumber: 9, DateType: WeekOfMonth}}}},
			[]string{"dueDate.anchorDate.day_number:invalid_day_number"}},
		{"a complete condition", Node{ID: "n", Type: NodeCondition, Condition: &ConditionData{Parameter: "amount", Operator: OpGreater, Value: 1000.0}}, nil},
		{"a condition without a parameter", Node{ID: "n", Type: NodeCondition, Condition: &ConditionData{Operator: OpIsEmpty}},
			[]string{"parameter:missing_parameter"}},
		{"a condition on an undeclared parameter", Node{ID: "n", Type: NodeCondition, Condition: &ConditionData{Parameter: "size", Operator: OpIsEmpty}},
			[]string{"parameter:unknown_parameter"}},
		{"a condition without operator or value", Node{ID: "n", Type: NodeCondition, Condition: &ConditionData{Parameter: "amount"}},
			[]string{"operator:missing_operator"}},
		{"a comparison without a value", Node{ID: "n", Type: NodeCondition, Condition: &ConditionData{Parameter: "amount", Operator: OpLess}},
			[]string{"value:missing_value"}},
		{"a zero wait", Node{ID: "n", Type: NodeWait, Wait: &WaitData{Type: WaitDuration}}, []string{"days:invalid_wait_duration"}},
		{"a wait without a type", Node{ID: "n", Type: NodeWait, Wait: &WaitData{Days: 1}}, []string{"type:invalid_wait_type"}},
		{"a wait for an anchor field", Node{ID: "n", Type: NodeWait, Wait: &WaitData{Type: WaitAnchorDate, DynamicFieldID: "9"}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, e := range Validate(base(tc.node)) {
				require.Equal(t, "n", e.NodeID, "%+v", e)
				got = append(got, e.Field+":"+e.Code)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestValidateStartParameters(t *testing.T) {
	t.Parallel()
	s := graphOf("s:start a:task e:end", "s>a", "a>e")
	s.Nodes[0].Start.Parameters = []Parameter{{Name: "x", Type: ParamString}, {Name: "x", Type: ParamNumber}, {Type: ParamDate}}
	var got []string
	for _, e := range Validate(s) {
		got = append(got, e.Field+":"+e.Code)
	}
	assert.Equal(t, []string{"parameters[1].name:duplicate_parameter", "parameters[2].name:missing_parameter_name"}, got)
}

func TestValidateStructuresBuiltInGo(t *testing.T) {
	t.Parallel()
	s := graphOf("s:start a:task a:task e:end", "s>a", "a>e", "a>ghost")
	got := Validate(s)
	assert.Equal(t, []string{":dangling_edge", "a:duplicate_id"}, codes(got))
	assert.Equal(t, "e3", got[0].EdgeID)
}

func TestValidationErrorsHelpers(t *testing.T) {
	t.Parallel()
	v := Validate(graphOf("s1:start s2:start a:task", "s1>a", "s2>a"))
	assert.True(t, v.Has("missing_end"))
	assert.False(t, v.Has("cycle"))
	assert.Equal(t, []string{"multiple_starts", "no_path_to_end"}, v.Codes("s1"))
	assert.Len(t, v.ForNode("a"), 2)
	assert.Contains(t, v.Error(), "structure: the workflow needs an end node (missing_end)")
	assert.Nil(t, ValidationErrors(nil).Err())
}

// Validation only depends on the structure: the same input gives the same
// errors in the same order, however often it runs.
func TestValidateIsDeterministic(t *testing.T) {
	t.Parallel()
	s := graphOf("s1:start s2:start c:condition x:task p:parallel j:join y:task q:task e:end",
		"s1>c", "s2>c", "c>x", "c>p", "p>y", "p>q", "y>j", "x>j", "x>c", "j>e")
	first := Validate(s)
	require.NotEmpty(t, first)
	for range 200 {
		require.Equal(t, first, Validate(s))
	}
}
