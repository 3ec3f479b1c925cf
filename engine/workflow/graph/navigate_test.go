package graph

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNavigateTheFixture(t *testing.T) {
	t.Parallel()
	s, _ := loadFixture(t)

	assert.Equal(t, []string{"vat", "check"}, s.Successors("fork"))
	assert.Empty(t, s.Successors("done"))
	assert.Len(t, s.IncomingEdges("join"), 2)
	assert.Len(t, s.OutgoingEdges("approve"), 2)

	tests := []struct {
		node, outcome string
		want          []string
		err           error
	}{
		{"start", "", []string{"collect"}, nil},
		{"collect", OutcomeCompleted, []string{"fork"}, nil},
		{"collect", OutcomeSkipped, nil, ErrInvalidOutcome},
		{"fork", "", []string{"vat", "check"}, nil},
		{"check", BranchTrue, []string{"payroll"}, nil},
		{"check", BranchFalse, []string{"pause"}, nil},
		{"check", "", nil, ErrInvalidOutcome},
		{"check", BranchApproved, nil, ErrInvalidOutcome},
		{"payroll", OutcomeSkipped, []string{"merge"}, nil},
		{"pause", "", []string{"merge"}, nil},
		{"join", "", []string{"approve"}, nil},
		{"approve", BranchApproved, []string{"until"}, nil},
		{"approve", BranchRejected, []string{"rejected"}, nil},
		{"approve", OutcomeCompleted, nil, ErrInvalidOutcome},
		{"done", "", nil, nil},
		{"done", "approved", nil, ErrInvalidOutcome},
		{"nowhere", "", nil, ErrUnknownNode},
	}
	for _, tc := range tests {
		t.Run(tc.node+" "+tc.outcome, func(t *testing.T) {
			got, err := s.Next(tc.node, tc.outcome)
			if tc.err != nil {
				assert.ErrorIs(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}

	var ids []string
	for _, n := range s.TaskNodes() {
		ids = append(ids, n.ID)
	}
	assert.Equal(t, []string{"collect", "vat", "payroll", "merge", "approve"}, ids)
	assert.Equal(t, 7, s.StepCount(), "five tasks and two waits")
	assert.True(t, s.HasParameters())
	assert.Equal(t, "hasPayroll", s.Parameters()[0].Name)

	join, ok := s.MatchingJoin("fork")
	assert.True(t, ok)
	assert.Equal(t, "join", join)
	_, ok = s.MatchingJoin("collect")
	assert.False(t, ok)

	skipped, err := s.StepsOnlyVia("check", BranchTrue)
	require.NoError(t, err)
	assert.Equal(t, []string{"pause"}, skipped)
	skipped, err = s.StepsOnlyVia("approve", BranchRejected)
	require.NoError(t, err)
	assert.Equal(t, []string{"until"}, skipped)
	skipped, err = s.StepsOnlyVia("approve", BranchApproved)
	require.NoError(t, err)
	assert.Empty(t, skipped)
	skipped, err = s.StepsOnlyVia("fork", "")
	require.NoError(t, err)
	assert.Empty(t, skipped, "a parallel takes every branch")
}

// run plays a structure the way the Temporal interpreter will: a token per
// edge, joins waiting for all their incoming edges, random outcomes. It
// returns the end node reached, the steps done, and the steps counted done by
// StepsOnlyVia when a branch is decided.
func run(t *testing.T, s Structure, r *rand.Rand) (end string, done, skipped int) {
	t.Helper()
	type edge struct{ src, dst string }
	tokens := map[edge]int{}
	executed := map[string]int{}
	start, ok := s.Start()
	require.True(t, ok)
	fire := func(n Node) {
		executed[n.ID]++
		require.Equal(t, 1, executed[n.ID], "node %s runs twice", n.ID)
		if n.Type.IsStep() {
			done++
		}
		outcome := ""
		switch n.Type {
		case NodeApproval:
			outcome = []string{BranchApproved, BranchRejected}[r.IntN(2)]
		case NodeCondition:
			outcome = []string{BranchTrue, BranchFalse}[r.IntN(2)]
		case NodeTask:
			if n.Task.Optional && r.IntN(2) == 0 {
				outcome = OutcomeSkipped
			}
		}
		next, err := s.Next(n.ID, outcome)
		require.NoError(t, err)
		if n.Type == NodeApproval || n.Type == NodeCondition {
			lost, err := s.StepsOnlyVia(n.ID, outcome)
			require.NoError(t, err)
			skipped += len(lost)
		}
		for _, dst := range next {
			tokens[edge{n.ID, dst}]++
		}
		if n.Type == NodeEnd {
			require.Empty(t, end, "two ends reached")
			end = n.ID
		}
	}
	fire(start)
	for step := 0; step < 10*len(s.Nodes); step++ {
		progressed := false
		for _, n := range s.Nodes {
			var in []edge
			for _, src := range s.Nodes {
				if tokens[edge{src.ID, n.ID}] > 0 {
					in = append(in, edge{src.ID, n.ID})
				}
			}
			if len(in) == 0 {
				continue
			}
			if n.Type == NodeJoin {
				if len(in) < len(s.IncomingEdges(n.ID)) {
					continue
				}
				for _, e := range in {
					tokens[e]--
				}
			} else {
				tokens[in[0]]--
			}
			fire(n)
			progressed = true
			break
		}
		if !progressed {
			break
		}
	}
	for e, n := range tokens {
		require.Zero(t, n, "a token is stuck on %v (end %q)", e, end)
	}
	require.NotEmpty(t, end, "the run never reached an end")
	return end, done, skipped
}

func TestFixtureRunsToAnEnd(t *testing.T) {
	t.Parallel()
	s, _ := loadFixture(t)
	r := rand.New(rand.NewPCG(3, 4))
	ends := map[string]int{}
	for range 200 {
		end, done, skipped := run(t, s, r)
		ends[end]++
		require.Equal(t, s.StepCount(), done+skipped, "a finished run reads 100%%")
	}
	assert.Positive(t, ends["done"])
	assert.Positive(t, ends["rejected"])
}

// builder draws random well-structured workflows: blocks of tasks, waits,
// sequences, parallels closed by joins, conditions and approvals whose
// branches merge again.
type builder struct {
	s Structure
	r *rand.Rand
	n int
}

func (b *builder) node(typ NodeType) string {
	b.n++
	id := fmt.Sprintf("%s%d", typ, b.n)
	n := Node{ID: id, Type: typ}
	switch typ {
	case NodeTask, NodeApproval:
		n.Task = &TaskData{Title: id, Optional: typ == NodeTask && b.r.IntN(3) == 0}
	case NodeCondition:
		n.Condition = &ConditionData{Parameter: "p", Operator: OpIsEmpty}
	case NodeWait:
		n.Wait = &WaitData{Type: WaitDuration, Hours: 1}
	}
	b.s.Nodes = append(b.s.Nodes, n)
	return id
}

func (b *builder) edge(src, dst, label string) {
	b.s.Edges = append(b.s.Edges, Edge{ID: fmt.Sprintf("e%d", len(b.s.Edges)+1), Source: src, Target: dst, Label: label})
}

// block adds a single-entry, single-exit block and returns its entry and exit.
func (b *builder) block(depth int) (entry, exit string) {
	kind := b.r.IntN(6)
	if depth > 3 {
		kind = b.r.IntN(2)
	}
	switch kind {
	case 0:
		id := b.node(NodeTask)
		return id, id
	case 1:
		id := b.node(NodeWait)
		return id, id
	case 2:
		e1, x1 := b.block(depth + 1)
		e2, x2 := b.block(depth + 1)
		b.edge(x1, e2, "")
		return e1, x2
	case 3:
		p := b.node(NodeParallel)
		j := b.node(NodeJoin)
		for range 2 + b.r.IntN(2) {
			e, x := b.block(depth + 1)
			b.edge(p, e, "")
			b.edge(x, j, "")
		}
		return p, j
	default:
		typ, labels := NodeCondition, []string{BranchTrue, BranchFalse}
		if kind == 5 {
			typ, labels = NodeApproval, []string{BranchApproved, BranchRejected}
		}
		c := b.node(typ)
		m := b.node(NodeTask)
		for _, l := range labels {
			e, x := b.block(depth + 1)
			b.edge(c, e, l)
			b.edge(x, m, "")
		}
		return c, m
	}
}

func randomWorkflow(r *rand.Rand) Structure {
	b := &builder{r: r}
	s := b.node(NodeStart)
	b.s.Nodes[0].Start = &StartData{Parameters: []Parameter{{Name: "p", Type: ParamString}}}
	e, x := b.block(0)
	b.edge(s, e, "")
	end := b.node(NodeEnd)
	if r.IntN(2) == 0 {
		// End with an approval whose rejection ends the run elsewhere.
		ap := b.node(NodeApproval)
		b.edge(x, ap, "")
		b.edge(ap, end, BranchApproved)
		b.edge(ap, b.node(NodeEnd), BranchRejected)
	} else {
		b.edge(x, end, "")
	}
	// Shuffle nodes and edges: order must not matter to validity.
	r.Shuffle(len(b.s.Nodes), func(i, j int) { b.s.Nodes[i], b.s.Nodes[j] = b.s.Nodes[j], b.s.Nodes[i] })
	r.Shuffle(len(b.s.Edges), func(i, j int) { b.s.Edges[i], b.s.Edges[j] = b.s.Edges[j], b.s.Edges[i] })
	return b.s
}

// Every well-structured workflow validates, and every run of it reaches an
// end with no token left behind and reads 100% when it does.
func TestWellStructuredWorkflowsAreValidAndRunToAnEnd(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(42, 42))
	for i := range 500 {
		s := randomWorkflow(r)
		require.Nil(t, Validate(s), "workflow %d: %+v", i, s)
		for range 5 {
			_, done, skipped := run(t, s, r)
			require.Equal(t, s.StepCount(), done+skipped, "workflow %d", i)
		}
	}
}

// Soundness: any graph at all that Validate accepts can be run to an end
// without a join waiting forever or a node running twice. Random small
// graphs, most of them invalid; the valid ones are played.
func TestAnyValidGraphRunsToAnEnd(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 1))
	types := []NodeType{NodeTask, NodeTask, NodeWait, NodeApproval, NodeCondition, NodeParallel, NodeParallel, NodeJoin, NodeJoin, NodeEnd}
	valid, withJoins := 0, 0
	for range 30000 {
		n := 4 + r.IntN(6)
		spec := "n0:start"
		for i := 1; i < n-1; i++ {
			spec += fmt.Sprintf(" n%d:%s", i, types[r.IntN(len(types))])
		}
		spec += fmt.Sprintf(" n%d:end", n-1)
		s := graphOf(spec)
		for i, node := range s.Nodes {
			outs := 1
			var labels []string
			switch node.Type {
			case NodeEnd:
				outs = 0
			case NodeApproval:
				labels = []string{BranchApproved, BranchRejected}
			case NodeCondition:
				labels = []string{BranchTrue, BranchFalse}
			case NodeParallel:
				outs = 2 + r.IntN(2)
			}
			if labels != nil {
				outs = 2
			}
			for k := range outs {
				label := ""
				if labels != nil {
					label = labels[k]
				}
				// Mostly forward edges, so that fewer graphs are cyclic.
				dst := 1 + r.IntN(n-1)
				if i+1 < n && r.IntN(8) > 0 {
					dst = i + 1 + r.IntN(n-i-1)
				}
				s.Edges = append(s.Edges, Edge{ID: fmt.Sprintf("e%d-%d", i, k), Source: node.ID, Target: s.Nodes[dst].ID, Label: label})
			}
		}
		if Validate(s) != nil {
			continue
		}
		valid++
		for _, node := range s.Nodes {
			if node.Type == NodeJoin {
				withJoins++
				break
			}
		}
		for range 8 {
			run(t, s, r)
		}
	}
	// Near misses: well-structured workflows with one or two edges moved to
	// another target. Most break; those Validate still accepts must run.
	mutants := 0
	for range 12000 {
		s := randomWorkflow(r)
		for range 1 + r.IntN(2) {
			e := &s.Edges[r.IntN(len(s.Edges))]
			e.Target = s.Nodes[r.IntN(len(s.Nodes))].ID
		}
		if Validate(s) != nil {
			continue
		}
		mutants++
		for _, node := range s.Nodes {
			if node.Type == NodeJoin {
				withJoins++
				break
			}
		}
		for range 4 {
			run(t, s, r)
		}
	}
	t.Logf("%d valid random graphs, %d valid mutants, %d with joins", valid, mutants, withJoins)
	require.Greater(t, valid, 150)
	require.Greater(t, mutants, 300)
	require.Greater(t, withJoins, 60)
}
