package graph

import (
	"fmt"
	"slices"
)

// graph is an index over a structure: nodes by position, edges by node, in
// the structure's own order so that every walk is deterministic.
type graph struct {
	s          *Structure
	idx        map[string]int
	out, in    [][]int // edge indices
	starts     []int
	ends       []int
	dangling   []int // edges naming a node that does not exist
	duplicates []int // nodes whose id an earlier node already has
}

func newGraph(s Structure) *graph {
	g := &graph{
		s:   &s,
		idx: make(map[string]int, len(s.Nodes)),
		out: make([][]int, len(s.Nodes)),
		in:  make([][]int, len(s.Nodes)),
	}
	for i, n := range s.Nodes {
		if _, dup := g.idx[n.ID]; dup {
			g.duplicates = append(g.duplicates, i)
			continue
		}
		g.idx[n.ID] = i
		switch n.Type {
		case NodeStart:
			g.starts = append(g.starts, i)
		case NodeEnd:
			g.ends = append(g.ends, i)
		}
	}
	for ei, e := range s.Edges {
		src, ok1 := g.idx[e.Source]
		dst, ok2 := g.idx[e.Target]
		if !ok1 || !ok2 {
			g.dangling = append(g.dangling, ei)
			continue
		}
		g.out[src] = append(g.out[src], ei)
		g.in[dst] = append(g.in[dst], ei)
	}
	return g
}

func (g *graph) target(ei int) int { return g.idx[g.s.Edges[ei].Target] }
func (g *graph) source(ei int) int { return g.idx[g.s.Edges[ei].Source] }

// succ returns the distinct successors of node i in edge order.
func (g *graph) succ(i int) []int {
	var out []int
	for _, ei := range g.out[i] {
		if t := g.target(ei); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// pred returns the distinct predecessors of node i in edge order.
func (g *graph) pred(i int) []int {
	var out []int
	for _, ei := range g.in[i] {
		if s := g.source(ei); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// walk marks every node reachable from roots by next.
func (g *graph) walk(roots []int, next func(int) []int) []bool {
	seen := make([]bool, len(g.s.Nodes))
	stack := slices.Clone(roots)
	for _, r := range roots {
		seen[r] = true
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range next(i) {
			if !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return seen
}

// sccs returns the strongly connected components (Tarjan), each sorted by
// node index, in order of their first node.
func (g *graph) sccs() [][]int {
	n := len(g.s.Nodes)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var out [][]int
	next := 0
	var strong func(v int)
	strong = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range g.succ(v) {
			if index[w] < 0 {
				strong(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var comp []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			slices.Sort(comp)
			out = append(out, comp)
		}
	}
	for i := range n {
		if index[i] < 0 && !slices.Contains(g.duplicates, i) {
			strong(i)
		}
	}
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return out
}

// dominators returns the immediate dominator of every node of a graph of n
// nodes reachable from root by succ (root's is root, unreachable nodes' -1),
// by the iterative algorithm of Cooper, Harvey and Kennedy.
func dominators(n, root int, succ, pred func(int) []int) []int {
	// Reverse postorder from root.
	order := make([]int, 0, n)
	seen := make([]bool, n)
	var dfs func(v int)
	dfs = func(v int) {
		seen[v] = true
		for _, w := range succ(v) {
			if !seen[w] {
				dfs(w)
			}
		}
		order = append(order, v)
	}
	dfs(root)
	slices.Reverse(order)
	rpo := make([]int, n)
	for i := range rpo {
		rpo[i] = -1
	}
	for i, v := range order {
		rpo[v] = i
	}

	idom := make([]int, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[root] = root
	intersect := func(a, b int) int {
		for a != b {
			for rpo[a] > rpo[b] {
				a = idom[a]
			}
			for rpo[b] > rpo[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, v := range order[1:] {
			nd := -1
			for _, p := range pred(v) {
				if rpo[p] < 0 || idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd >= 0 && idom[v] != nd {
				idom[v] = nd
				changed = true
			}
		}
	}
	return idom
}

type forkJoin struct {
	idom, ipdom []int // -1 where undefined; ipdom uses len(nodes) as the exit
	joinOf      []int // parallel -> its join, or -1
	parallelOf  []int // join -> its parallel, or -1
	// mismatch holds, for a parallel and the join that would close it but
	// whose branches do not meet it once each, what is wrong.
	mismatch map[int]string // parallel or join -> message
}

func (fj *forkJoin) reachable(i int) bool { return fj.idom[i] >= 0 && fj.ipdom[i] >= 0 }

// forkJoinPairs pairs parallels with joins (see validator.forkJoin). It
// assumes one start; with cycles the pairing is meaningless.
func (g *graph) forkJoinPairs() *forkJoin {
	n := len(g.s.Nodes)
	exit := n
	fj := &forkJoin{
		idom:       dominators(n, g.starts[0], g.succ, g.pred),
		joinOf:     make([]int, n),
		parallelOf: make([]int, n),
		mismatch:   map[int]string{},
	}
	// Post-dominators: dominators of the reversed graph rooted at a virtual
	// exit that every end node leads to.
	rsucc := func(v int) []int {
		if v == exit {
			return g.ends
		}
		return g.pred(v)
	}
	rpred := func(v int) []int {
		if v != exit && g.s.Nodes[v].Type == NodeEnd {
			return append(g.succ(v), exit)
		}
		return g.succ(v)
	}
	fj.ipdom = dominators(n+1, exit, rsucc, rpred)[:n]
	for i := range n {
		fj.joinOf[i], fj.parallelOf[i] = -1, -1
	}
	for p, node := range g.s.Nodes {
		if node.Type != NodeParallel || !fj.reachable(p) {
			continue
		}
		j := fj.ipdom[p]
		if j == exit || j < 0 || g.s.Nodes[j].Type != NodeJoin || fj.idom[j] != p {
			continue
		}
		if msg := g.branchesMeetOnce(p, j); msg != "" {
			fj.mismatch[p], fj.mismatch[j] = msg, msg
			continue
		}
		fj.joinOf[p], fj.parallelOf[j] = j, p
	}
	return fj
}

// branchesMeetOnce checks that each branch of parallel p reaches join j by
// exactly one edge and that no two branches share a node before j. It
// returns "" or what is wrong.
func (g *graph) branchesMeetOnce(p, j int) string {
	owner := make([]int, len(g.s.Nodes)) // branch number + 1 owning each node
	for b, ei := range g.out[p] {
		start := g.target(ei)
		if start == j {
			continue
		}
		region := g.walk([]int{start}, func(v int) []int {
			return slices.DeleteFunc(g.succ(v), func(w int) bool { return w == j })
		})
		for v, in := range region {
			if !in {
				continue
			}
			if owner[v] != 0 && owner[v] != b+1 {
				return fmt.Sprintf("branches of parallel %q cross at %q before the join", g.s.Nodes[p].ID, g.s.Nodes[v].ID)
			}
			owner[v] = b + 1
		}
	}
	entries := make([]int, len(g.out[p]))
	for _, ei := range g.in[j] {
		src := g.source(ei)
		b := -1
		switch {
		case src == p:
			// A direct edge p -> j is its own (empty) branch.
			b = slices.Index(g.out[p], ei)
		case owner[src] > 0:
			b = owner[src] - 1
		}
		if b < 0 {
			return fmt.Sprintf("the join is entered from %q, outside the branches of parallel %q", g.s.Nodes[src].ID, g.s.Nodes[p].ID)
		}
		entries[b]++
	}
	for b, c := range entries {
		if c != 1 {
			return fmt.Sprintf("branch %d of parallel %q enters the join %d times; each branch must enter it once (merge alternative paths into one step first)", b+1, g.s.Nodes[p].ID, c)
		}
	}
	return ""
}
