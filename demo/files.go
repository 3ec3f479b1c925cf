package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"portico/engine/files"
	"portico/engine/store"
)

type demoFile struct {
	Name, Content, Uploader string
}

type demoFolder struct {
	Company, Category, Name string
	Files                   []demoFile
}

var demoFolders = []demoFolder{
	{"Acme Oy", "Accounting", "Tilinpäätös 2025", []demoFile{
		{"tase-2025.csv", "Vastaavaa;Vastattavaa\n120 000,00;120 000,00\n", "agent@portico.test"},
		{"toimintakertomus.txt", "Acme Oy:n toimintakertomus tilikaudelta 2025.\nLiikevaihto kasvoi 12 %.\n", "anna@acme.test"},
	}},
	{"Acme Oy", "Accounting", "Invoices 2026", []demoFile{
		{"invoice-2026-001.csv", "number;date;amount\n2026-001;2026-01-15;1 240,00\n", "anna@acme.test"},
	}},
	{"Acme Oy", "Payroll", "Payslips", []demoFile{
		{"palkkalaskelma-2026-10.csv", "nimi;brutto;netto\nCarl Acme;4 200,00;3 150,00\n", "carl@acme.test"},
	}},
	{"Acme Oy", "HR", "Contracts", nil},
	{"Borealis AB", "Accounting", "Fakturor", []demoFile{
		{"faktura-2026-01.csv", "nummer;datum;belopp\n1;2026-01-31;9 990,00 kr\n", "eva@borealis.test"},
	}},
}

// SeedFiles adds shared folders with a few files to the demo companies (the
// root folders, one per category, come first). A folder that exists already
// is left as it is.
func SeedFiles(ctx context.Context, st *store.Store, blobs files.Blobs, s Seeded) error {
	for _, df := range demoFolders {
		co := s.Companies[df.Company]
		if err := st.FolderRootsEnsure(ctx, co.ID); err != nil {
			return err
		}
		roots, err := st.FolderListRoots(ctx, store.FolderListRootsParams{CompanyID: co.ID,
			CategoryIds: []int64{s.Categories[df.Category].ID}, Lim: 1})
		if err != nil || len(roots) == 0 {
			return fmt.Errorf("demo: root folder %s/%s: %v", df.Company, df.Category, err)
		}
		root := roots[0].Folder
		children, err := st.FolderListChildren(ctx, store.FolderListChildrenParams{CompanyID: co.ID, ParentID: &root.ID, Lim: 100})
		if err != nil {
			return err
		}
		exists := false
		for _, c := range children {
			exists = exists || strings.EqualFold(c.Folder.Name, df.Name)
		}
		if exists {
			continue
		}
		// contents first: a failed seed leaves at most unreferenced blobs
		keys := make([]string, len(df.Files))
		for i, f := range df.Files {
			keys[i] = fmt.Sprintf("files/%s/%s", co.UUID, uuid.New())
			if _, err := blobs.Put(ctx, keys[i], strings.NewReader(f.Content)); err != nil {
				return err
			}
		}
		agent := s.Users["agent@portico.test"].ID
		err = st.InTx(ctx, func(q *store.Queries) error {
			folder, err := q.FolderCreate(ctx, store.FolderCreateParams{CompanyID: co.ID, ParentID: &root.ID,
				CategoryID: root.CategoryID, Name: df.Name, Depth: 2, UserID: &agent})
			if err != nil {
				return err
			}
			for i, f := range df.Files {
				up := s.Users[f.Uploader].ID
				row, err := q.FileCreate(ctx, store.FileCreateParams{CompanyID: co.ID, FolderID: folder.ID, UploaderID: &up,
					Filename: f.Name, Extension: f.Name[strings.LastIndex(f.Name, ".")+1:], ContentType: contentType(f.Name),
					FileSize: int64(len(f.Content)), BlobKey: keys[i]})
				if err != nil {
					return err
				}
				args, _ := json.Marshal(map[string]any{"fileSize": row.FileSize, "newFilename": f.Name})
				if err := q.FileActivityAdd(ctx, store.FileActivityAddParams{CompanyID: co.ID, FileID: row.ID,
					Key: "company_file.create", UserID: &up, AdditionArgs: args}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("demo: folder %s: %w", df.Name, err)
		}
	}
	return nil
}

func contentType(name string) string {
	switch {
	case strings.HasSuffix(name, ".csv"):
		return "text/csv"
	case strings.HasSuffix(name, ".txt"):
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}
