package workflow

// ExternalApplication is an application a workflow task can link to, with
// the actions it offers on the task.
type ExternalApplication struct {
	ID      string
	Name    string
	Actions []ExternalAction
}

// ExternalAction is one action of an external application.
type ExternalAction struct {
	Key   string
	Label string
}

// ExternalApplications is the catalogue of applications tasks can link to.
// The spec names no list; these are the accounting and payroll systems of
// the demo companies' countries. A deployment that integrates more adds them
// here.
var ExternalApplications = []ExternalApplication{
	{ID: "netvisor", Name: "Netvisor", Actions: []ExternalAction{
		{Key: "open_sales_invoices", Label: "Open sales invoices"},
		{Key: "open_purchase_invoices", Label: "Open purchase invoices"},
		{Key: "close_period", Label: "Close the accounting period"},
	}},
	{ID: "procountor", Name: "Procountor", Actions: []ExternalAction{
		{Key: "open_ledger", Label: "Open the general ledger"},
		{Key: "vat_report", Label: "VAT report"},
	}},
	{ID: "fortnox", Name: "Fortnox", Actions: []ExternalAction{
		{Key: "open_vouchers", Label: "Open vouchers"},
		{Key: "run_payroll", Label: "Run payroll"},
	}},
	{ID: "merit", Name: "Merit Aktiva", Actions: []ExternalAction{
		{Key: "open_ledger", Label: "Open the general ledger"},
		{Key: "payroll_report", Label: "Payroll report"},
	}},
}

// FindApplication is the catalogue's application with the given id.
func FindApplication(id string) (ExternalApplication, bool) {
	for _, a := range ExternalApplications {
		if a.ID == id {
			return a, true
		}
	}
	return ExternalApplication{}, false
}

// ActionLabel is an action's label, or its key when the application does not offer it.
func (a ExternalApplication) ActionLabel(key string) string {
	for _, act := range a.Actions {
		if act.Key == key {
			return act.Label
		}
	}
	return key
}

// actionLabel is an action's label, or its key when the catalogue does not know it.
func actionLabel(app, key string) string {
	a, _ := FindApplication(app)
	return a.ActionLabel(key)
}
