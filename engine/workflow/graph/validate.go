package graph

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// ValidationError is one problem of a structure, tied to a node (NodeID) when
// it has one, and to an edge (EdgeID) or a data field (Field) when that says
// more. Code is a stable machine-readable key; the editor shows errors on
// nodes by NodeID and picks its text by Code.
//
// Codes: missing_start, multiple_starts, missing_end, start_has_incoming,
// end_has_outgoing, missing_outgoing, multiple_outgoing, unreachable,
// no_path_to_end, cycle, unlabelled_branch, duplicate_branch, missing_branch,
// parallel_too_few_branches, join_too_few_inputs, unmatched_parallel,
// unmatched_join, duplicate_edge, missing_title, missing_assignee_user,
// optional_approval, missing_parameter, missing_operator, missing_value,
// unknown_parameter, missing_parameter_name, duplicate_parameter,
// duplicate_id, dangling_edge, and those of
// DueDateRule.Validate (under dueDate) and WaitData.Validate.
type ValidationError struct {
	NodeID  string `json:"nodeId,omitempty"`
	EdgeID  string `json:"edgeId,omitempty"`
	Field   string `json:"field,omitempty"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// ValidationErrors lists a structure's problems: errors of the whole
// structure first, then by node in the structure's node order. It is an error
// wrapping ErrInvalidGraph; use Err to get a nil error when it is empty.
type ValidationErrors []ValidationError

func (v ValidationErrors) Error() string {
	parts := make([]string, len(v))
	for i, e := range v {
		where := e.NodeID
		if where == "" {
			where = "structure"
		}
		parts[i] = fmt.Sprintf("%s: %s (%s)", where, e.Message, e.Code)
	}
	return ErrInvalidGraph.Error() + ": " + strings.Join(parts, "; ")
}

func (v ValidationErrors) Unwrap() error { return ErrInvalidGraph }

// Err returns v as an error, or nil when v is empty.
func (v ValidationErrors) Err() error {
	if len(v) == 0 {
		return nil
	}
	return v
}

// Has reports whether some error has the code.
func (v ValidationErrors) Has(code string) bool {
	return slices.ContainsFunc(v, func(e ValidationError) bool { return e.Code == code })
}

// ForNode returns the errors of one node.
func (v ValidationErrors) ForNode(id string) ValidationErrors {
	var out ValidationErrors
	for _, e := range v {
		if e.NodeID == id {
			out = append(out, e)
		}
	}
	return out
}

// Codes returns the codes of the errors of one node ("" for the structure's
// own), in order.
func (v ValidationErrors) Codes(nodeID string) []string {
	var out []string
	for _, e := range v.ForNode(nodeID) {
		out = append(out, e.Code)
	}
	return out
}

// Validate checks a structure's graph and its nodes' content: exactly one
// start and at least one end; every node reachable from the start and able to
// reach an end; no cycles; one outgoing edge from start, task, wait and join
// nodes, none from an end; approval edges labelled approved and rejected and
// condition edges true and false, once each; every parallel's branches meeting
// at one join that nothing else enters, one edge per branch (so the join,
// which waits for all its incoming edges, can never wait for a branch not
// taken); task titles, assignees, due-date rules, conditions and waits
// complete. It returns nil when the structure is valid.
func Validate(s Structure) ValidationErrors {
	g := newGraph(s)
	v := &validator{g: g}
	v.content()
	v.edges()
	v.degrees()
	v.reach()
	cyclic := v.cycles()
	if !cyclic && len(g.starts) == 1 {
		v.forkJoin()
	}
	return v.sorted()
}

type validator struct {
	g    *graph
	errs []indexedError
}

type indexedError struct {
	node int // -1 for the structure
	ValidationError
}

func (v *validator) add(node int, edge, field, code, msg string) {
	e := ValidationError{EdgeID: edge, Field: field, Code: code, Message: msg}
	if node >= 0 {
		e.NodeID = v.g.s.Nodes[node].ID
	}
	v.errs = append(v.errs, indexedError{node: node, ValidationError: e})
}

func (v *validator) sorted() ValidationErrors {
	if len(v.errs) == 0 {
		return nil
	}
	slices.SortStableFunc(v.errs, func(a, b indexedError) int { return cmp.Compare(a.node, b.node) })
	out := make(ValidationErrors, len(v.errs))
	for i, e := range v.errs {
		out[i] = e.ValidationError
	}
	return out
}

// content checks what each node's data must hold.
func (v *validator) content() {
	params := map[string]bool{}
	for _, p := range v.g.s.Parameters() {
		params[p.Name] = true
	}
	for i, n := range v.g.s.Nodes {
		switch n.Type {
		case NodeStart:
			if n.Start == nil {
				continue
			}
			seen := map[string]bool{}
			for j, p := range n.Start.Parameters {
				field := fmt.Sprintf("parameters[%d].name", j)
				switch {
				case strings.TrimSpace(p.Name) == "":
					v.add(i, "", field, "missing_parameter_name", "a parameter needs a name")
				case seen[p.Name]:
					v.add(i, "", field, "duplicate_parameter", fmt.Sprintf("parameter %q is declared twice", p.Name))
				}
				seen[p.Name] = true
			}
		case NodeTask, NodeApproval:
			t := n.Task
			if t == nil {
				t = &TaskData{}
			}
			if strings.TrimSpace(t.Title) == "" {
				v.add(i, "", "title", "missing_title", "a task needs a title")
			}
			if t.Assignee.Type == AssignUser && t.Assignee.UserID == "" {
				v.add(i, "", "assignee.userId", "missing_assignee_user", "pick the user to assign")
			}
			if n.Type == NodeApproval && t.Optional {
				v.add(i, "", "optional", "optional_approval", "an approval cannot be skipped: its outcome picks the next step")
			}
			if t.DueDate != nil {
				v.addFieldErrors(i, "dueDate", t.DueDate.Validate())
			}
		case NodeCondition:
			c := n.Condition
			if c == nil {
				c = &ConditionData{}
			}
			switch {
			case strings.TrimSpace(c.Parameter) == "":
				v.add(i, "", "parameter", "missing_parameter", "a condition needs a parameter")
			case !params[c.Parameter]:
				v.add(i, "", "parameter", "unknown_parameter", fmt.Sprintf("parameter %q is not declared on the start node", c.Parameter))
			}
			if c.Operator == "" {
				v.add(i, "", "operator", "missing_operator", "a condition needs an operator")
			} else if c.Operator != OpIsEmpty && c.Operator != OpIsNotEmpty && c.Value == nil {
				v.add(i, "", "value", "missing_value", "a condition needs a value to compare with")
			}
		case NodeWait:
			w := n.Wait
			if w == nil {
				w = &WaitData{}
			}
			v.addFieldErrors(i, "", w.Validate())
		}
	}
}

func (v *validator) addFieldErrors(node int, prefix string, err error) {
	fe, ok := err.(*FieldErrors)
	if !ok {
		return
	}
	es := fe.Errors
	if prefix != "" {
		es = prefixed(prefix, es)
	}
	for _, e := range es {
		v.add(node, "", e.Field, e.Code, e.Message)
	}
}

// edges reports node ids used twice, edges naming missing nodes and
// repeated edges. (ParseStructure rejects the first two; a structure built in
// Go may still have them.)
func (v *validator) edges() {
	for _, i := range v.g.duplicates {
		v.add(i, "", "", "duplicate_id", fmt.Sprintf("node id %q is used twice", v.g.s.Nodes[i].ID))
	}
	for _, ei := range v.g.dangling {
		e := v.g.s.Edges[ei]
		v.add(-1, e.ID, "", "dangling_edge", fmt.Sprintf("edge %q joins %q to %q, and one of them does not exist", e.ID, e.Source, e.Target))
	}
	type key struct{ src, dst, branch string }
	seen := map[key]bool{}
	for _, e := range v.g.s.Edges {
		src, ok := v.g.idx[e.Source]
		if _, ok2 := v.g.idx[e.Target]; !ok || !ok2 {
			continue
		}
		k := key{e.Source, e.Target, e.Branch()}
		if seen[k] {
			v.add(src, e.ID, "", "duplicate_edge", fmt.Sprintf("edge %q repeats another edge to %q", e.ID, e.Target))
		}
		seen[k] = true
	}
}

func (v *validator) degrees() {
	g := v.g
	if len(g.starts) == 0 {
		v.add(-1, "", "", "missing_start", "the workflow needs a start node")
	}
	if len(g.starts) > 1 {
		for _, i := range g.starts {
			v.add(i, "", "", "multiple_starts", "the workflow has more than one start node")
		}
	}
	if len(g.ends) == 0 {
		v.add(-1, "", "", "missing_end", "the workflow needs an end node")
	}
	for i, n := range g.s.Nodes {
		if slices.Contains(g.duplicates, i) {
			continue
		}
		out, in := len(g.out[i]), len(g.in[i])
		if n.Type == NodeEnd {
			if out > 0 {
				v.add(i, "", "", "end_has_outgoing", "an end node cannot lead anywhere")
			}
			continue
		}
		if out == 0 {
			v.add(i, "", "", "missing_outgoing", "the node leads nowhere")
			continue
		}
		switch n.Type {
		case NodeStart, NodeTask, NodeWait, NodeJoin:
			if out > 1 {
				v.add(i, "", "", "multiple_outgoing", "the node can lead to one next node only (use a parallel node to fork)")
			}
		case NodeApproval:
			v.branches(i, BranchApproved, BranchRejected)
		case NodeCondition:
			v.branches(i, BranchTrue, BranchFalse)
		case NodeParallel:
			if out < 2 {
				v.add(i, "", "", "parallel_too_few_branches", "a parallel node needs at least two branches")
			}
		}
		if n.Type == NodeStart && in > 0 {
			v.add(i, "", "", "start_has_incoming", "nothing can lead into the start node")
		}
		if n.Type == NodeJoin && in < 2 {
			v.add(i, "", "", "join_too_few_inputs", "a join node needs at least two incoming branches")
		}
	}
}

func (v *validator) branches(i int, want ...string) {
	count := map[string]int{}
	for _, ei := range v.g.out[i] {
		e := v.g.s.Edges[ei]
		b := e.Branch()
		if !slices.Contains(want, b) {
			v.add(i, e.ID, "", "unlabelled_branch", fmt.Sprintf("label the edge %s or %s", want[0], want[1]))
			continue
		}
		count[b]++
		if count[b] == 2 {
			v.add(i, e.ID, "", "duplicate_branch", fmt.Sprintf("more than one edge is labelled %s", b))
		}
	}
	for _, b := range want {
		if count[b] == 0 {
			v.add(i, "", "", "missing_branch", fmt.Sprintf("no edge is labelled %s", b))
		}
	}
}

func (v *validator) reach() {
	g := v.g
	if len(g.starts) == 0 {
		return
	}
	fromStart := g.walk(g.starts, g.succ)
	toEnd := g.walk(g.ends, g.pred)
	for i := range g.s.Nodes {
		switch {
		case slices.Contains(g.duplicates, i):
		case !fromStart[i]:
			v.add(i, "", "", "unreachable", "no path leads from the start to this node")
		case !toEnd[i]:
			v.add(i, "", "", "no_path_to_end", "no path leads from this node to an end")
		}
	}
}

// cycles reports every node on a cycle and whether there was one.
func (v *validator) cycles() bool {
	found := false
	for _, scc := range v.g.sccs() {
		if len(scc) == 1 && !slices.Contains(v.g.succ(scc[0]), scc[0]) {
			continue
		}
		found = true
		for _, i := range scc {
			v.add(i, "", "", "cycle", "the node is on a cycle; workflows cannot loop")
		}
	}
	return found
}

// forkJoin checks that parallels and joins pair up as blocks: the join is the
// parallel's immediate post-dominator, the parallel the join's immediate
// dominator, and each branch of the parallel enters the join by exactly one
// edge without crossing another branch.
func (v *validator) forkJoin() {
	g := v.g
	pairs := g.forkJoinPairs()
	for i, n := range g.s.Nodes {
		msg, mismatched := pairs.mismatch[i]
		switch n.Type {
		case NodeParallel:
			if len(g.out[i]) >= 2 && pairs.joinOf[i] < 0 && pairs.reachable(i) {
				if !mismatched {
					msg = "the branches of this parallel node must all meet at one join node"
				}
				v.add(i, "", "", "unmatched_parallel", msg)
			}
		case NodeJoin:
			if len(g.in[i]) >= 2 && pairs.parallelOf[i] < 0 && pairs.reachable(i) {
				if !mismatched {
					msg = "a join node must close exactly the branches of one parallel node"
				}
				v.add(i, "", "", "unmatched_join", msg)
			}
		}
	}
}
