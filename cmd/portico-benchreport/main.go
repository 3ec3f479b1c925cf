// Command portico-benchreport turns what `make bench` measured into a
// one-page report: var/bench/index.html with the inbox's cost curves drawn
// as PNG charts (from var/bench/curves.json), every figure printed beside its
// goal (the "(goal...)" metrics of var/bench.txt), and the Lighthouse, canvas, thread switch,
// realtime load and cluster figures. scripts/bench.sh runs it last. It imports
// demo/inboxscale (the cost curves' figures it draws) and no other Portico package.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"html/template"
	"image/color"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"portico/demo/inboxscale"
)

func main() {
	dir := flag.String("var", "var", "the directory make bench writes into")
	flag.Parse()
	if err := run(*dir); err != nil {
		log.Fatal(err)
	}
}

type chart struct{ File, Title string }

type goalFigure struct{ Bench, Name, Value string }

func run(dir string) error {
	out := filepath.Join(dir, "bench")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var charts []chart
	var table [][]string
	if b, err := os.ReadFile(filepath.Join(out, "curves.json")); err == nil {
		var c inboxscale.Curves
		if err := json.Unmarshal(b, &c); err != nil {
			return fmt.Errorf("curves.json: %w", err)
		}
		if charts, err = drawCurves(out, c); err != nil {
			return err
		}
		table = curveTable(c)
	}
	goals, err := goalFigures(filepath.Join(dir, "bench.txt"))
	if err != nil {
		return err
	}
	page := struct {
		Charts                                          []chart
		Table                                           [][]string
		Goals                                           []goalFigure
		Lighthouse, Canvas, ThreadSwitch, Load, Cluster string
	}{charts, table, goals, readText(dir, "lighthouse.txt"), readText(dir, "canvas-bench.txt"), readText(dir, "thread-switch.txt"),
		readText(dir, "realtime-load.txt"), readText(dir, "cluster-bench.txt")}
	f, err := os.Create(filepath.Join(out, "index.html"))
	if err != nil {
		return err
	}
	defer f.Close()
	if err := report.Execute(f, page); err != nil {
		return err
	}
	fmt.Println("report:", f.Name())
	return nil
}

// drawCurves draws one chart of every figure against the thread count (both
// axes logarithmic would hide growth; the y axis is linear from zero), and one
// of every figure divided by its value at the smallest size: flat lines at 1
// mean the cost does not grow.
func drawCurves(dir string, c inboxscale.Curves) ([]chart, error) {
	names := make([]string, 0, len(c.Figures))
	for n := range c.Figures {
		names = append(names, n)
	}
	slices.Sort(names)
	points := func(ys []float64, norm bool) plotter.XYs {
		var xy plotter.XYs
		for i, y := range ys {
			if i >= len(c.Threads) {
				break
			}
			if norm {
				y /= ys[0]
			}
			xy = append(xy, plotter.XY{X: float64(c.Threads[i]), Y: y})
		}
		return xy
	}
	newPlot := func(title, y string) *plot.Plot {
		p := plot.New()
		p.Title.Text = title
		p.X.Label.Text = "threads"
		p.Y.Label.Text = y
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
		p.Y.Min = 0
		p.Add(plotter.NewGrid())
		return p
	}
	var charts []chart
	all := newPlot("Inbox cost against threads (each figure / its value at the smallest size)", "x of smallest")
	for i, name := range names {
		p := newPlot("inbox "+name, "ms (median)")
		line, dots, err := plotter.NewLinePoints(points(c.Figures[name], false))
		if err != nil {
			return nil, err
		}
		line.Color, dots.Color = plotutil.Color(0), plotutil.Color(0)
		p.Add(line, dots)
		file := "inbox-" + name + ".png"
		if err := p.Save(12*vg.Centimeter, 8*vg.Centimeter, filepath.Join(dir, file)); err != nil {
			return nil, err
		}
		charts = append(charts, chart{file, name})
		l, err := plotter.NewLine(points(c.Figures[name], true))
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i)
		l.Width = vg.Points(1.5)
		all.Add(l)
		all.Legend.Add(name, l)
	}
	flat, _ := plotter.NewLine(plotter.XYs{{X: float64(c.Threads[0]), Y: 1}, {X: float64(c.Threads[len(c.Threads)-1]), Y: 1}})
	flat.Color = color.Gray{Y: 160}
	flat.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	all.Add(flat)
	if err := all.Save(20*vg.Centimeter, 12*vg.Centimeter, filepath.Join(dir, "inbox-all.png")); err != nil {
		return nil, err
	}
	return append([]chart{{"inbox-all.png", "all figures, relative"}}, charts...), nil
}

func curveTable(c inboxscale.Curves) [][]string {
	head := []string{"figure (ms)"}
	for _, t := range c.Threads {
		head = append(head, fmt.Sprintf("%dk threads", t/1000))
	}
	head = append(head, "largest / smallest")
	rows := [][]string{head}
	names := make([]string, 0, len(c.Figures))
	for n := range c.Figures {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		ys := c.Figures[n]
		row := []string{n}
		for _, y := range ys {
			row = append(row, fmt.Sprintf("%.2f", y))
		}
		row = append(row, fmt.Sprintf("%.2fx", ys[len(ys)-1]/ys[0]))
		rows = append(rows, row)
	}
	return rows
}

var benchLine = regexp.MustCompile(`^(Benchmark\S+)\s+\d+\s+\d+ ns/op\s+(.*)$`)

// goalFigures are the metrics of var/bench.txt that name their goal.
func goalFigures(path string) ([]goalFigure, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []goalFigure
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		fields := strings.Fields(m[2])
		for i := 0; i+1 < len(fields); i += 2 {
			if strings.Contains(fields[i+1], "goal") {
				out = append(out, goalFigure{m[1], fields[i+1], fields[i]})
			}
		}
	}
	return out, sc.Err()
}

func readText(dir, name string) string {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return "not measured in this run (" + name + " missing)"
	}
	return string(b)
}

var report = template.Must(template.New("report").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portico benchmarks</title>
<style>body{font:14px/1.4 system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}
img{max-width:100%;border:1px solid #ddd}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:1em}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child,th:first-child{text-align:left}
pre{background:#f6f6f6;padding:1em;overflow:auto}</style></head><body>
<h1>Portico benchmarks</h1>
<p>Every figure is a median of interleaved repetitions and, where it has a goal, a ratio against a baseline measured in the
same process, so a busy machine moves both sides alike. Read the ratios, not the milliseconds.</p>
<h2>Inbox cost curves</h2>
<p>The same figures at each database size. A flat line (the first chart: each figure divided by its value at the smallest
size, the dashed line at 1) means the cost does not grow with the threads.</p>
{{if .Charts}}<p><img src="{{(index .Charts 0).File}}" alt="all figures relative to the smallest size"></p>
<table>{{range $i, $r := .Table}}<tr>{{range $r}}{{if eq $i 0}}<th>{{.}}</th>{{else}}<td>{{.}}</td>{{end}}{{end}}</tr>{{end}}</table>
<div class="grid">{{range $i, $c := .Charts}}{{if $i}}<a href="{{$c.File}}"><img src="{{$c.File}}" alt="{{$c.Title}}"></a>{{end}}{{end}}</div>
{{else}}<p>No curves in this run (var/bench/curves.json missing).</p>{{end}}
<h2>Figures with their goals</h2>
<table><tr><th>benchmark</th><th>figure (goal)</th><th>value</th></tr>
{{range .Goals}}<tr><td>{{.Bench}}</td><td>{{.Name}}</td><td>{{.Value}}</td></tr>{{end}}</table>
<h2>Lighthouse</h2><pre>{{.Lighthouse}}</pre>
<h2>Workflow canvas</h2><pre>{{.Canvas}}</pre>
<h2>Thread switch</h2><pre>{{.ThreadSwitch}}</pre>
<h2>Realtime load</h2><pre>{{.Load}}</pre>
<h2>Production topology (make cluster) against the dev server</h2>
<p>Workflow throughput through the portal on a cluster of its own (the Temporal server on PostgreSQL, two API processes
behind haproxy, two workers) and on <code>portico dev</code> (the Temporal dev server), in the same run: the ratio is the
figure. Then the realtime load through haproxy across both API processes, with each process's CPU per delivered event.</p>
<pre>{{.Cluster}}</pre>
</body></html>
`))
