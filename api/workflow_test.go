package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/config"
	"portico/demo"
)

type wfEnv struct {
	env
	seed demo.Seeded
}

func setupWorkflowAPI(t *testing.T) wfEnv {
	t.Helper()
	e := testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.TemporalUIURL, cfg.TemporalNamespace = "http://127.0.0.1:8233", "default"
	}})
	return wfEnv{env: e.env, seed: e.seed}
}

func (e wfEnv) as(t *testing.T, email string) *client {
	c := e.client(t)
	c.signIn(email)
	return c
}

type wfMutationErr struct {
	Code    string  `json:"code"`
	Message string  `json:"message"`
	Field   *string `json:"field"`
}

const wfCreate = `mutation($n: String, $c: ID, $s: JSON, $d: Boolean, $co: [ID!], $tags: [String!]) {
  createWorkflow(name: $n, category: $c, structure: $s, draft: $d, countries: $co, tags: $tags) {
    workflow { uuid name draft version tags countryIds canEditGeneralInfo category { name } }
    errors { code message field } } }`

func TestWorkflowAPI(t *testing.T) {
	e := setupWorkflowAPI(t)
	admin := e.as(t, "admin@portico.test")
	agent := e.as(t, "agentadmin@portico.test")
	accounting := wfIDString(e.seed.Categories["Accounting"].ID)
	fi := wfIDString(e.seed.Countries["fi"].ID)
	acme := e.seed.Companies["Acme Oy"].UUID.String()

	structure := map[string]any{
		"nodes": []any{map[string]any{"id": "s", "type": "start"},
			map[string]any{"id": "t", "type": "task", "data": map[string]any{"title": "Send invoices", "assignee": map[string]any{"type": "responsible"}}},
			map[string]any{"id": "e", "type": "end"}},
		"edges": []any{map[string]any{"id": "e1", "source": "s", "target": "t"}, map[string]any{"id": "e2", "source": "t", "target": "e"}}}
	broken := map[string]any{
		"nodes": []any{map[string]any{"id": "s", "type": "start"}, map[string]any{"id": "lost", "type": "task",
			"data": map[string]any{"title": "Lost", "assignee": map[string]any{"type": "nobody"}}}, map[string]any{"id": "e", "type": "end"}},
		"edges": []any{map[string]any{"id": "e1", "source": "s", "target": "e"}}}

	t.Run("an invalid graph is refused with an error per node", func(t *testing.T) {
		var out struct {
			Workflow *struct{} `json:"workflow"`
			Errors   []wfMutationErr
		}
		admin.gql(wfCreate, map[string]any{"n": "Broken", "c": accounting, "s": broken, "d": false}, "createWorkflow", &out)
		assert.Nil(t, out.Workflow)
		require.NotEmpty(t, out.Errors)
		assert.Equal(t, "VALIDATION_ERROR", out.Errors[0].Code)
		assert.Equal(t, "invalid_graph", out.Errors[0].Message)
		var onNode []string
		for _, er := range out.Errors[1:] {
			if er.Field != nil && *er.Field == "structure.nodes.lost" {
				onNode = append(onNode, er.Message)
			}
		}
		assert.Contains(t, onNode, "unreachable")
	})

	var wf struct {
		UUID    string   `json:"uuid"`
		Version *int     `json:"version"`
		Tags    []string `json:"tags"`
	}
	t.Run("a workflow is published with its first version", func(t *testing.T) {
		var out struct {
			Workflow *json.RawMessage `json:"workflow"`
			Errors   []wfMutationErr
		}
		admin.gql(wfCreate, map[string]any{"n": "Payroll run", "c": accounting, "s": structure, "d": false, "co": []string{fi},
			"tags": []string{"#payroll"}}, "createWorkflow", &out)
		require.Empty(t, out.Errors)
		require.NoError(t, json.Unmarshal(*out.Workflow, &wf))
		require.NotNil(t, wf.Version)
		assert.Equal(t, 1, *wf.Version)
		assert.Equal(t, []string{"payroll"}, wf.Tags)

		var again struct{ Errors []wfMutationErr }
		admin.gql(wfCreate, map[string]any{"n": "payroll RUN", "c": accounting}, "createWorkflow", &again)
		require.Len(t, again.Errors, 1)
		assert.Equal(t, "name_has_already_been_taken", again.Errors[0].Message)
	})

	t.Run("the workflow pages are for global admins", func(t *testing.T) {
		var list struct {
			TotalCount int `json:"totalCount"`
		}
		admin.gql(`query { workflows(draft: false, limit: 50) { totalCount collection { uuid } } }`, nil, "workflows", &list)
		assert.GreaterOrEqual(t, list.TotalCount, 2, "the demo workflow and this one")
		assert.Equal(t, "ACCESS_DENIED", agent.gqlError(`query { workflows { totalCount } }`, nil))
		var tags []string
		admin.gql(`query { workflowTags }`, nil, "workflowTags", &tags)
		assert.Contains(t, tags, "payroll")
	})

	t.Run("the list's filters offer its creators and every country", func(t *testing.T) {
		var creators []struct {
			UUID string `json:"uuid"`
			Name string `json:"name"`
		}
		admin.gql(`query { workflowCreators { uuid name } }`, nil, "workflowCreators", &creators)
		var emails []string
		for _, c := range creators {
			var u struct {
				Email string `json:"email"`
			}
			admin.gql(`query($id: ID!) { user(id: $id) { email } }`, map[string]any{"id": c.UUID}, "user", &u)
			emails = append(emails, u.Email)
		}
		assert.Contains(t, emails, "admin@portico.test", "the creator of Payroll run")
		assert.NotContains(t, emails, "agentadmin@portico.test", "who created no workflow")
		assert.Equal(t, "ACCESS_DENIED", agent.gqlError(`query { workflowCreators { uuid } }`, nil))

		var countries []struct {
			Code string `json:"code"`
		}
		agent.gql(`query { countries { id code name } }`, nil, "countries", &countries)
		var codes []string
		for _, c := range countries {
			codes = append(codes, c.Code)
		}
		assert.Subset(t, codes, []string{"fi", "se", "no", "ee", "gb"})
	})

	var instance string
	t.Run("assign, start a run, see it in the runs list with its Temporal link", func(t *testing.T) {
		var assigned struct {
			CompanyWorkflow *struct {
				UUID string `json:"uuid"`
			} `json:"companyWorkflow"`
			Errors []wfMutationErr
		}
		const assign = `mutation($w: ID!, $c: ID!, $co: ID!) { assignWorkflowToCompany(workflowId: $w, companyId: $c, countryId: $co) {
			companyWorkflow { uuid workflowTriggers { uuid } } errors { code message field } } }`
		admin.gql(assign, map[string]any{"w": wf.UUID, "c": acme, "co": fi}, "assignWorkflowToCompany", &assigned)
		require.Empty(t, assigned.Errors)
		admin.gql(assign, map[string]any{"w": wf.UUID, "c": acme, "co": fi}, "assignWorkflowToCompany", &assigned)
		require.Len(t, assigned.Errors, 1)
		assert.Equal(t, "workflow_already_assigned_to_company", assigned.Errors[0].Message)

		var cws struct {
			Collection []struct {
				UUID     string `json:"uuid"`
				Workflow struct {
					Name string `json:"name"`
				} `json:"workflow"`
			} `json:"collection"`
		}
		admin.gql(`query($c: [ID!]) { companyWorkflows(companyIds: $c, search: "payroll") { collection { uuid workflow { name } } totalCount } }`,
			map[string]any{"c": []string{acme}}, "companyWorkflows", &cws)
		require.Len(t, cws.Collection, 1)
		cw := cws.Collection[0].UUID

		var started struct {
			WorkflowInstance *struct {
				UUID        string `json:"uuid"`
				State       string `json:"state"`
				TemporalURL string `json:"temporalUrl"`
			} `json:"workflowInstance"`
			Errors []wfMutationErr
		}
		const start = `mutation($cw: ID!) { startWorkflowInstance(companyWorkflowId: $cw) {
			workflowInstance { uuid state temporalUrl } errors { code message field } } }`
		agent.gql(start, map[string]any{"cw": cw}, "startWorkflowInstance", &started)
		require.Len(t, started.Errors, 1)
		assert.Equal(t, "ACCESS_DENIED", started.Errors[0].Code, "agents may read runs, not start them")
		admin.gql(start, map[string]any{"cw": cw}, "startWorkflowInstance", &started)
		require.Empty(t, started.Errors)
		instance = started.WorkflowInstance.UUID
		assert.Equal(t, "pending", started.WorkflowInstance.State)
		assert.Equal(t, "http://127.0.0.1:8233/namespaces/default/workflows/instance%2F"+instance, started.WorkflowInstance.TemporalURL)

		var runs struct {
			TotalCount int `json:"totalCount"`
			Collection []struct {
				UUID     string `json:"uuid"`
				Version  int    `json:"version"`
				Workflow struct {
					Name string `json:"name"`
				} `json:"workflow"`
			} `json:"collection"`
		}
		agent.gql(`query($c: ID) { workflowInstances(companyId: $c, states: ["todo", "in_progress"]) { totalCount collection { uuid version workflow { name } } } }`,
			map[string]any{"c": acme}, "workflowInstances", &runs)
		require.Equal(t, 1, runs.TotalCount, "agents of the company read its runs")
		assert.Equal(t, instance, runs.Collection[0].UUID)
		assert.Equal(t, "Payroll run", runs.Collection[0].Workflow.Name)
		eva := e.as(t, "eva@borealis.test")
		assert.Equal(t, "RECORD_NOT_FOUND", eva.gqlError(`query($id: ID!) { workflowInstance(id: $id) { uuid } }`, map[string]any{"id": instance}))
	})

	t.Run("cancel, then cancel again and retry are refused", func(t *testing.T) {
		var out struct {
			WorkflowInstance *struct {
				State       string `json:"state"`
				CancelledBy *struct {
					Name string `json:"name"`
				} `json:"cancelledBy"`
			} `json:"workflowInstance"`
			Errors []wfMutationErr
		}
		const cancel = `mutation($id: ID!) { cancelWorkflowInstance(workflowInstanceId: $id) {
			workflowInstance { state cancelledBy { name } } errors { code message } } }`
		admin.gql(cancel, map[string]any{"id": instance}, "cancelWorkflowInstance", &out)
		require.Empty(t, out.Errors)
		assert.Equal(t, "cancelled", out.WorkflowInstance.State)
		require.NotNil(t, out.WorkflowInstance.CancelledBy)
		admin.gql(cancel, map[string]any{"id": instance}, "cancelWorkflowInstance", &out)
		require.Len(t, out.Errors, 1)
		assert.Equal(t, "failed_to_cancel_workflow_instance", out.Errors[0].Message)
		admin.gql(`mutation($id: ID!) { retryWorkflowInstance(workflowInstanceId: $id) { errors { code message } } }`,
			map[string]any{"id": instance}, "retryWorkflowInstance", &out)
		require.Len(t, out.Errors, 1)
		assert.Equal(t, "failed_to_retry_workflow_instance", out.Errors[0].Message)
	})

	t.Run("preview, external applications, grouped dynamic fields", func(t *testing.T) {
		var p struct {
			Country struct {
				Code string `json:"code"`
			} `json:"country"`
			Runs []struct {
				Date      string `json:"date"`
				MovedOver []struct {
					Date     string `json:"date"`
					Holidays []struct {
						Name string `json:"name"`
					} `json:"holidays"`
				} `json:"movedOver"`
			} `json:"runs"`
		}
		trig := []map[string]any{{"triggerType": "schedule", "data": map[string]any{
			"recurrencePattern":    map[string]any{"type": "yearly", "timeOfDay": "08:00", "yearlyPattern": map[string]any{"type": "date", "month": 12, "day": 6}},
			"scheduleEndCondition": map[string]any{"type": "no_end"}, "scheduleStartDate": "2026-01-01"}}}
		admin.gql(`query($w: ID!, $c: ID, $t: [WorkflowTriggerInput!], $a: DateTime) {
			workflowPreview(workflowId: $w, companyId: $c, workflowTriggers: $t, count: 2, after: $a) {
				country { code } runs { date movedOver { date holidays { name } } } } }`,
			map[string]any{"w": wf.UUID, "c": acme, "t": trig, "a": "2026-06-01T00:00:00Z"}, "workflowPreview", &p)
		assert.Equal(t, "fi", p.Country.Code)
		require.Len(t, p.Runs, 2)
		// 6 December 2026 is Finland's Independence Day, a Sunday: the run moves to Monday the 7th
		assert.Equal(t, "2026-12-07", p.Runs[0].Date)
		require.NotEmpty(t, p.Runs[0].MovedOver)
		assert.Equal(t, "2026-12-06", p.Runs[0].MovedOver[0].Date)
		require.NotEmpty(t, p.Runs[0].MovedOver[0].Holidays)
		assert.True(t, strings.Contains(p.Runs[0].MovedOver[0].Holidays[0].Name, "Independence"))

		var apps []struct {
			ID      string `json:"id"`
			Actions []struct {
				Key string `json:"key"`
			} `json:"actions"`
		}
		agent.gql(`query { externalApplications { id name actions { key label } } }`, nil, "externalApplications", &apps)
		require.NotEmpty(t, apps)
		assert.NotEmpty(t, apps[0].Actions)
		var fields []json.RawMessage
		admin.gql(`query { groupedDynamicFields(fieldTypes: ["anchor_date"]) { id name fieldType } }`, nil, "groupedDynamicFields", &fields)
		assert.Equal(t, "ACCESS_DENIED", agent.gqlError(`query { groupedDynamicFields { id } }`, nil))
	})
}

// TestWorkflowAnchorOffset saves an anchor-date trigger with offsetDays through
// GraphQL, previews it, and sees an offset beyond a year refused on its field.
func TestWorkflowAnchorOffset(t *testing.T) {
	e := setupWorkflowAPI(t)
	admin := e.as(t, "admin@portico.test")
	acme := e.seed.Companies["Acme Oy"].UUID.String()
	var fields []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	admin.gql(`query($c: [ID!]) { groupedDynamicFields(fieldTypes: ["anchor_date"], categoryIds: $c) { id name } }`,
		map[string]any{"c": []string{wfIDString(e.seed.Categories["Accounting"].ID)}}, "groupedDynamicFields", &fields)
	field := ""
	for _, f := range fields {
		if f.Name == demo.FinancialYearEnd {
			field = f.ID
		}
	}
	require.NotEmpty(t, field, "the demo's financial year end (1 December, previous weekday)")
	var cws struct {
		Collection []struct {
			UUID     string `json:"uuid"`
			Workflow struct {
				UUID string `json:"uuid"`
			} `json:"workflow"`
		} `json:"collection"`
	}
	admin.gql(`query($c: [ID!], $s: String) { companyWorkflows(companyIds: $c, search: $s) { collection { uuid workflow { uuid } } } }`,
		map[string]any{"c": []string{acme}, "s": demo.DemoWorkflowName}, "companyWorkflows", &cws)
	require.Len(t, cws.Collection, 1, "the demo workflow in Acme Oy")
	cw := cws.Collection[0]
	anchor := func(off any) []map[string]any {
		return []map[string]any{{"triggerType": "anchor_date", "data": map[string]any{"dynamicFieldId": field, "offsetDays": off, "timeOfDay": "09:00"}}}
	}

	var p struct {
		Runs []struct {
			Date        string `json:"date"`
			NominalDate string `json:"nominalDate"`
		} `json:"runs"`
	}
	const preview = `query($w: ID!, $c: ID, $t: [WorkflowTriggerInput!]) {
		workflowPreview(workflowId: $w, companyId: $c, workflowTriggers: $t, count: 2, after: "2026-06-01T00:00:00Z") { runs { date nominalDate } } }`
	admin.gql(preview, map[string]any{"w": cw.Workflow.UUID, "c": acme, "t": anchor(5)}, "workflowPreview", &p)
	require.Len(t, p.Runs, 2)
	// 1 December + 5 days is Independence Day (a Sunday in 2026, a Monday in 2027): the Friday before
	assert.Equal(t, []string{"2026-12-04", "2026-12-06", "2027-12-03", "2027-12-06"},
		[]string{p.Runs[0].Date, p.Runs[0].NominalDate, p.Runs[1].Date, p.Runs[1].NominalDate})
	admin.gql(preview, map[string]any{"w": cw.Workflow.UUID, "c": acme, "t": anchor(-3)}, "workflowPreview", &p)
	require.NotEmpty(t, p.Runs)
	assert.Equal(t, "2026-11-27", p.Runs[0].Date, "28 November 2026 is a Saturday")

	type trigger struct {
		TriggerType string         `json:"triggerType"`
		Data        map[string]any `json:"data"`
		NextRunAt   *string        `json:"nextRunAt"`
	}
	var saved struct {
		CompanyWorkflow *struct {
			WorkflowTriggers []trigger `json:"workflowTriggers"`
		} `json:"companyWorkflow"`
		Errors []wfMutationErr
	}
	const manage = `mutation($cw: ID!, $t: [WorkflowTriggerInput!]!) { manageCompanyWorkflowTriggers(companyWorkflowId: $cw, workflowTriggers: $t) {
		companyWorkflow { workflowTriggers { triggerType data nextRunAt } } errors { code message field } } }`
	for _, bad := range []any{366, -366, 2.5} {
		admin.gql(manage, map[string]any{"cw": cw.UUID, "t": anchor(bad)}, "manageCompanyWorkflowTriggers", &saved)
		require.Len(t, saved.Errors, 1, "offset %v", bad)
		assert.Equal(t, "ARGUMENT_ERROR", saved.Errors[0].Code)
		assert.Equal(t, "invalid_offset_days", saved.Errors[0].Message)
		require.NotNil(t, saved.Errors[0].Field)
		assert.Equal(t, "data.offsetDays", *saved.Errors[0].Field)
	}
	admin.gql(manage, map[string]any{"cw": cw.UUID, "t": anchor(-3)}, "manageCompanyWorkflowTriggers", &saved)
	require.Empty(t, saved.Errors)
	require.Len(t, saved.CompanyWorkflow.WorkflowTriggers, 1)
	got := saved.CompanyWorkflow.WorkflowTriggers[0]
	assert.Equal(t, float64(-3), got.Data["offsetDays"], "kept with the other anchor settings")
	assert.NotNil(t, got.NextRunAt)
}

func wfIDString(id int64) string { return strings.TrimSpace(jsonNumber(id)) }

func jsonNumber(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}
