//go:build bench

package files_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/blob"
	"portico/engine/files"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// The archiving runs in a child process (this test binary again), so that its
// peak resident memory (VmHWM) is the archiver's alone.
const (
	envZipChild = "PORTICO_BENCH_ZIP_CHILD"
	envDSN      = "PORTICO_BENCH_ZIP_DSN"
	envBlobDir  = "PORTICO_BENCH_ZIP_BLOBS"
)

func TestMain(m *testing.M) {
	if id := os.Getenv(envZipChild); id != "" {
		os.Exit(zipChild(id))
	}
	os.Exit(m.Run())
}

// zipChild builds one content zip through the export activity's code path
// (database rows, blob store in, blob store out) and prints its peak memory.
func zipChild(id string) int {
	ctx := context.Background()
	st, err := store.Open(ctx, os.Getenv(envDSN))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer st.Close()
	blobs, err := blob.NewLocal(os.Getenv(envBlobDir))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	start := time.Now()
	if err := files.NewExporter(st, blobs).ContentZip(ctx, uuid.MustParse(id)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("seconds=%f vmhwm_kb=%d\n", time.Since(start).Seconds(), vmHWM())
	return 0
}

func vmHWM() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return n
		}
	}
	return -1
}

var words = strings.Fields(`tilinpäätös palkka lasku kuitti alv kirjanpito invoice receipt payroll ledger
	balance sheet income statement kvartal moms lön faktura 2026 2027 EUR SEK 1 234,56 7 890,12 Acme Oy
	Borealis AB Kalev AS ääkköset åäö reconciliation accrual depreciation`)

// writeFile writes size bytes of invoice-like text: compressible about as
// much as real office documents in plain formats.
func writeFile(path string, size int, rng *rand.Rand) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for n := 0; n < size; {
		word := words[rng.IntN(len(words))]
		if rng.IntN(8) == 0 {
			word = strconv.Itoa(rng.IntN(1_000_000))
		}
		sep := " "
		if rng.IntN(12) == 0 {
			sep = "\n"
		}
		chunk := word + sep
		if n+len(chunk) > size {
			chunk = chunk[:size-n]
		}
		w.WriteString(chunk)
		n += len(chunk)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// BenchmarkContentZip1000Files1GB archives a folder of 1000 files totalling
// 1 GiB (in 10 subfolders) through the export, and `zip -r` of the same
// files, reporting the archiver's peak memory and the throughput ratio.
func BenchmarkContentZip1000Files1GB(b *testing.B) {
	const (
		nFiles = 1000
		total  = 1 << 30
	)
	zipBin, err := exec.LookPath("zip")
	require.NoError(b, err, "Debian's zip: apt-get install zip")
	ctx := context.Background()
	dsn := dbtest.FreshDSN(b)
	st, err := store.Open(ctx, dsn)
	require.NoError(b, err)
	defer st.Close()
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(b, err)
	co := seed.Companies["Acme Oy"]
	user := seed.Users["agent@portico.test"]

	// the folder tree: Bench/d0..d9, 100 files each; the blobs are also a
	// plain directory tree for zip -r
	work := b.TempDir()
	blobDir := filepath.Join(work, "blobs")
	plain := filepath.Join(work, "plain", "Bench")
	var root int64
	require.NoError(b, st.Pool.QueryRow(ctx, `INSERT INTO folders (company_id, category_id, name, depth)
		VALUES ($1, $2, 'Bench', 1) RETURNING id`, co.ID, seed.Categories["Accounting"].ID).Scan(&root))
	rng := rand.New(rand.NewPCG(1, 2))
	size := total / nFiles
	for d := range 10 {
		var folder int64
		require.NoError(b, st.Pool.QueryRow(ctx, `INSERT INTO folders (company_id, parent_id, category_id, name, depth)
			VALUES ($1, $2, $3, $4, 2) RETURNING id`, co.ID, root, seed.Categories["Accounting"].ID, fmt.Sprintf("d%d", d)).Scan(&folder))
		require.NoError(b, os.MkdirAll(filepath.Join(plain, fmt.Sprintf("d%d", d)), 0o755))
		for i := range nFiles / 10 {
			name := fmt.Sprintf("file-%04d.txt", d*100+i)
			key := fmt.Sprintf("files/%s/%s", co.UUID, uuid.NewString())
			p := filepath.Join(blobDir, filepath.FromSlash(key))
			require.NoError(b, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(b, writeFile(p, size, rng))
			require.NoError(b, os.Link(p, filepath.Join(plain, fmt.Sprintf("d%d", d), name)))
			_, err := st.Pool.Exec(ctx, `INSERT INTO files (company_id, folder_id, uploader_id, filename, file_size, blob_key)
				VALUES ($1, $2, $3, $4, $5, $6)`, co.ID, folder, user.ID, name, size, key)
			require.NoError(b, err)
		}
	}
	rootUUID := uuid.Nil
	require.NoError(b, st.Pool.QueryRow(ctx, "SELECT uuid FROM folders WHERE company_id = $1 AND id = $2", co.ID, root).Scan(&rootUUID))
	input := float64(size * nFiles)

	for b.Loop() {
		z, err := st.ZipFileCreate(ctx, store.ZipFileCreateParams{CompanyID: co.ID, Kind: files.ZipKindContent,
			UserID: user.ID, Request: []byte(fmt.Sprintf(`{"folderId":%q}`, rootUUID))})
		require.NoError(b, err)
		child := exec.Command(os.Args[0], "-test.run=^$")
		child.Env = append(os.Environ(), envZipChild+"="+z.UUID.String(), envDSN+"="+dsn, envBlobDir+"="+blobDir)
		child.Stderr = os.Stderr
		out, err := child.Output()
		require.NoError(b, err)
		var secs float64
		var hwm int64
		_, err = fmt.Sscanf(strings.TrimSpace(string(out)), "seconds=%f vmhwm_kb=%d", &secs, &hwm)
		require.NoError(b, err, string(out))
		archived, err := st.ZipFileGet(ctx, store.ZipFileGetParams{CompanyID: co.ID, ID: z.ID})
		require.NoError(b, err)
		require.NotNil(b, archived.BlobKey)
		ours, err := os.Stat(filepath.Join(blobDir, filepath.FromSlash(*archived.BlobKey)))
		require.NoError(b, err)

		zipOut := filepath.Join(work, "baseline.zip")
		_ = os.Remove(zipOut)
		start := time.Now()
		cmd := exec.Command(zipBin, "-r", "-q", zipOut, "Bench")
		cmd.Dir = filepath.Join(work, "plain")
		require.NoError(b, cmd.Run())
		zipSecs := time.Since(start).Seconds()
		theirs, err := os.Stat(zipOut)
		require.NoError(b, err)

		b.ReportMetric(float64(hwm)/1024, "peak-MB")
		b.ReportMetric(input/secs/(1<<20), "MB/s")
		b.ReportMetric(input/zipSecs/(1<<20), "zip-r-MB/s")
		b.ReportMetric(zipSecs/secs, "throughput-ratio")
		b.ReportMetric(float64(ours.Size())/(1<<20), "archive-MB")
		b.ReportMetric(float64(theirs.Size())/(1<<20), "zip-r-archive-MB")
		_ = os.Remove(zipOut)
		_ = os.Remove(filepath.Join(blobDir, filepath.FromSlash(*archived.BlobKey)))
	}
}
