package graph

import (
	"fmt"
	"slices"
)

// Outcomes with which a step completes, passed to Structure.Next. Approval
// nodes complete with BranchApproved or BranchRejected, condition nodes with
// BranchTrue or BranchFalse (see ConditionData.Evaluate).
const (
	OutcomeCompleted = "completed" // the step was done ("" means the same)
	OutcomeSkipped   = "skipped"   // an optional task was skipped
)

// Node returns the node with the given id.
func (s Structure) Node(id string) (Node, bool) {
	i := slices.IndexFunc(s.Nodes, func(n Node) bool { return n.ID == id })
	if i < 0 {
		return Node{}, false
	}
	return s.Nodes[i], true
}

// Start returns the (first) start node.
func (s Structure) Start() (Node, bool) {
	i := slices.IndexFunc(s.Nodes, func(n Node) bool { return n.Type == NodeStart })
	if i < 0 {
		return Node{}, false
	}
	return s.Nodes[i], true
}

// Parameters returns the parameters declared on the start node.
func (s Structure) Parameters() []Parameter {
	if n, ok := s.Start(); ok && n.Start != nil {
		return slices.Clone(n.Start.Parameters)
	}
	return nil
}

// HasParameters reports whether runs of the workflow take parameters (then it
// cannot have a schedule trigger).
func (s Structure) HasParameters() bool { return len(s.Parameters()) > 0 }

// OutgoingEdges returns the edges leaving a node, in structure order.
func (s Structure) OutgoingEdges(nodeID string) []Edge {
	var out []Edge
	for _, e := range s.Edges {
		if e.Source == nodeID {
			out = append(out, e)
		}
	}
	return out
}

// IncomingEdges returns the edges entering a node, in structure order. A
// join waits for one arrival on each of them.
func (s Structure) IncomingEdges(nodeID string) []Edge {
	var out []Edge
	for _, e := range s.Edges {
		if e.Target == nodeID {
			out = append(out, e)
		}
	}
	return out
}

// Successors returns the ids of the nodes a node's outgoing edges lead to,
// in edge order, each once.
func (s Structure) Successors(nodeID string) []string {
	var out []string
	for _, e := range s.OutgoingEdges(nodeID) {
		if !slices.Contains(out, e.Target) {
			out = append(out, e.Target)
		}
	}
	return out
}

// Next returns the nodes a run moves to when nodeID completes with outcome:
// the single successor of a start, task, wait or join node (outcome "" or
// completed, or skipped for an optional task); the edge labelled by the
// outcome of an approval (approved, rejected) or a condition (true, false);
// every successor of a parallel; nothing after an end. It expects a valid
// structure; an outcome that does not fit the node is ErrInvalidOutcome.
func (s Structure) Next(nodeID, outcome string) ([]string, error) {
	n, ok := s.Node(nodeID)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownNode, nodeID)
	}
	bad := func() error {
		return fmt.Errorf("%w: %q for %s node %q", ErrInvalidOutcome, outcome, n.Type, nodeID)
	}
	switch n.Type {
	case NodeEnd:
		if outcome != "" && outcome != OutcomeCompleted {
			return nil, bad()
		}
		return nil, nil
	case NodeApproval, NodeCondition:
		allowed := []string{BranchApproved, BranchRejected}
		if n.Type == NodeCondition {
			allowed = []string{BranchTrue, BranchFalse}
		}
		if !slices.Contains(allowed, outcome) {
			return nil, bad()
		}
		var out []string
		for _, e := range s.OutgoingEdges(nodeID) {
			if e.Branch() == outcome && !slices.Contains(out, e.Target) {
				out = append(out, e.Target)
			}
		}
		return out, nil
	case NodeTask:
		optional := n.Task != nil && n.Task.Optional
		if outcome != "" && outcome != OutcomeCompleted && (outcome != OutcomeSkipped || !optional) {
			return nil, bad()
		}
	default:
		if outcome != "" && outcome != OutcomeCompleted {
			return nil, bad()
		}
	}
	return s.Successors(nodeID), nil
}

// TaskNodes returns the nodes that create inbox tasks (task and approval
// nodes), in structure order.
func (s Structure) TaskNodes() []Node {
	var out []Node
	for _, n := range s.Nodes {
		if n.Type == NodeTask || n.Type == NodeApproval {
			out = append(out, n)
		}
	}
	return out
}

// StepCount returns the number of steps of the structure, the run's
// totalStepsCount: its task, approval and wait nodes (see NodeType.IsStep).
// Steps on a branch a run does not take are counted too; the run counts them
// as done when it leaves them behind (see StepsOnlyVia).
func (s Structure) StepCount() int {
	c := 0
	for _, n := range s.Nodes {
		if n.Type.IsStep() {
			c++
		}
	}
	return c
}

// StepsOnlyVia returns the steps (in structure order) that a run can no
// longer reach once nodeID has completed with outcome: those reachable from
// nodeID's untaken edges but not from its taken ones. A run adds them to
// completedStepsCount (or marks them skipped) so that a finished run reads
// 100%. It is empty for nodes that do not branch.
func (s Structure) StepsOnlyVia(nodeID, outcome string) ([]string, error) {
	taken, err := s.Next(nodeID, outcome)
	if err != nil {
		return nil, err
	}
	g := newGraph(s)
	var untaken []int
	for _, t := range s.Successors(nodeID) {
		if !slices.Contains(taken, t) {
			untaken = append(untaken, g.idx[t])
		}
	}
	if len(untaken) == 0 {
		return nil, nil
	}
	takenIdx := make([]int, len(taken))
	for i, t := range taken {
		takenIdx[i] = g.idx[t]
	}
	stillReachable := g.walk(takenIdx, g.succ)
	lost := g.walk(untaken, g.succ)
	var out []string
	for i, n := range s.Nodes {
		if lost[i] && !stillReachable[i] && n.Type.IsStep() {
			out = append(out, n.ID)
		}
	}
	return out, nil
}

// MatchingJoin returns the join node that closes a parallel node's branches
// in a valid structure.
func (s Structure) MatchingJoin(parallelID string) (string, bool) {
	g := newGraph(s)
	p, ok := g.idx[parallelID]
	if !ok || len(g.starts) != 1 || s.Nodes[p].Type != NodeParallel {
		return "", false
	}
	fj := g.forkJoinPairs()
	if j := fj.joinOf[p]; j >= 0 {
		return s.Nodes[j].ID, true
	}
	return "", false
}
