package access

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The evaluator on hand-written rule lists: order, inversion, wildcards and
// the condition language, including rules decoded from JSON.
func TestEvaluator(t *testing.T) {
	t.Parallel()
	me := uuid.MustParse("00000000-0000-0000-0000-0000000000aa")
	cat := func(ids ...int64) map[string]any { return map[string]any{AttrCategoryID: map[string]any{OpIn: ids}} }

	cases := []struct {
		name    string
		rules   []Rule
		action  string
		subject string
		obj     *Object // nil: subject-level Can
		want    bool
	}{
		{"no rules deny", nil, ActionRead, SubjectTask, nil, false},
		{"plain rule allows", []Rule{{Action: ActionRead, Subject: SubjectTask}}, ActionRead, SubjectTask, nil, true},
		{"other action denies", []Rule{{Action: ActionRead, Subject: SubjectTask}}, ActionUpdate, SubjectTask, nil, false},
		{"other subject denies", []Rule{{Action: ActionRead, Subject: SubjectTask}}, ActionRead, SubjectMessage, nil, false},
		{"manage matches any action", []Rule{{Action: ActionManage, Subject: SubjectTask}}, ActionAssign, SubjectTask, nil, true},
		{"manage on one subject only", []Rule{{Action: ActionManage, Subject: SubjectTask}}, ActionAssign, SubjectFolder, nil, false},
		{"all matches any subject", []Rule{{Action: ActionRead, Subject: SubjectAll}}, ActionRead, SubjectEventsLog, nil, true},
		{"later cannot wins", []Rule{
			{Action: ActionRead, Subject: SubjectTask},
			{Action: ActionRead, Subject: SubjectTask, Inverted: true},
		}, ActionRead, SubjectTask, nil, false},
		{"later can wins over earlier cannot", []Rule{
			{Action: ActionRead, Subject: SubjectTask, Inverted: true},
			{Action: ActionRead, Subject: SubjectTask},
		}, ActionRead, SubjectTask, nil, true},
		{"conditional can allows subject check", []Rule{
			{Action: ActionRead, Subject: SubjectTask, Conditions: cat(1)},
		}, ActionRead, SubjectTask, nil, true},
		{"conditional cannot does not deny subject check", []Rule{
			{Action: ActionRead, Subject: SubjectTask},
			{Action: ActionRead, Subject: SubjectTask, Conditions: cat(1), Inverted: true},
		}, ActionRead, SubjectTask, nil, true},
		{"conditional cannot denies matching object", []Rule{
			{Action: ActionRead, Subject: SubjectTask},
			{Action: ActionRead, Subject: SubjectTask, Conditions: cat(1), Inverted: true},
		}, ActionRead, SubjectTask, &Object{CategoryID: 1}, false},
		{"conditional cannot leaves other objects", []Rule{
			{Action: ActionRead, Subject: SubjectTask},
			{Action: ActionRead, Subject: SubjectTask, Conditions: cat(1), Inverted: true},
		}, ActionRead, SubjectTask, &Object{CategoryID: 2}, true},
		{"in list matches", []Rule{{Action: ActionRead, Subject: SubjectTask, Conditions: cat(1, 2)}},
			ActionRead, SubjectTask, &Object{CategoryID: 2}, true},
		{"not in list", []Rule{{Action: ActionRead, Subject: SubjectTask, Conditions: cat(1, 2)}},
			ActionRead, SubjectTask, &Object{CategoryID: 3}, false},
		{"unset attribute is not in list", []Rule{{Action: ActionRead, Subject: SubjectTask, Conditions: cat(1)}},
			ActionRead, SubjectTask, &Object{}, false},
		{"all conditions must hold", []Rule{{Action: ActionUpdate, Subject: SubjectMessage,
			Conditions: map[string]any{AttrCategoryID: map[string]any{OpIn: []int64{1}}, AttrUserID: me.String()}}},
			ActionUpdate, SubjectMessage, &Object{CategoryID: 1, UserID: uuid.New()}, false},
		{"uuid value compares with its string", []Rule{{Action: ActionUpdate, Subject: SubjectMessage,
			Conditions: map[string]any{AttrUserID: me}}},
			ActionUpdate, SubjectMessage, &Object{UserID: me}, true},
		{"nil wants the attribute unset", []Rule{{Action: ActionRead, Subject: SubjectDynamicFieldValue,
			Conditions: map[string]any{AttrCategoryID: nil}}},
			ActionRead, SubjectDynamicFieldValue, &Object{}, true},
		{"nil refuses a set attribute", []Rule{{Action: ActionRead, Subject: SubjectDynamicFieldValue,
			Conditions: map[string]any{AttrCategoryID: nil}}},
			ActionRead, SubjectDynamicFieldValue, &Object{CategoryID: 1}, false},
		{"bool equality", []Rule{{Action: ActionRead, Subject: SubjectTask, Conditions: map[string]any{AttrHidden: false}}},
			ActionRead, SubjectTask, &Object{Hidden: true}, false},
		{"unknown operator denies", []Rule{{Action: ActionRead, Subject: SubjectTask,
			Conditions: map[string]any{AttrCategoryID: map[string]any{"$gt": 0}}}},
			ActionRead, SubjectTask, &Object{CategoryID: 1}, false},
		{"unknown attribute denies", []Rule{{Action: ActionRead, Subject: SubjectTask,
			Conditions: map[string]any{"responsibleId": me.String()}}},
			ActionRead, SubjectTask, &Object{UserID: me}, false},
		{"fractional number never equals", []Rule{{Action: ActionRead, Subject: SubjectTask,
			Conditions: map[string]any{AttrCategoryID: 1.5}}},
			ActionRead, SubjectTask, &Object{CategoryID: 1}, false},
		{"field-limited rule does not grant the subject", []Rule{{Action: ActionUpdate, Subject: SubjectCompany,
			Fields: []string{"ssoEnabled"}}}, ActionUpdate, SubjectCompany, nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a := Abilities{rules: tc.rules}
			if tc.obj == nil {
				assert.Equal(t, tc.want, a.Can(tc.action, tc.subject))
				return
			}
			assert.Equal(t, tc.want, a.CanOn(tc.action, tc.subject, *tc.obj))
		})
	}
}

// Rules that went through JSON (numbers as float64, lists as []any) answer
// as the originals do.
func TestEvaluatorOnDecodedRules(t *testing.T) {
	t.Parallel()
	me := uuid.MustParse("00000000-0000-0000-0000-0000000000aa")
	computed := Compute(
		Actor{UserID: me, UserType: UserTypeCustomer, UserRole: UserRoleUser},
		Membership{Company: Company{Active: true, TermsAccepted: true}, Active: true, Role: MemberRoleUser, Categories: []int64{2}},
		[]Category{{ID: 1, CategoryType: CategoryOther, Active: true}, {ID: 2, CategoryType: CategoryOther, Active: true}},
	)
	b, err := json.Marshal(computed.Rules())
	require.NoError(t, err)
	var decoded []Rule
	require.NoError(t, json.Unmarshal(b, &decoded))
	a := Abilities{rules: decoded}

	objects := []Object{
		{CategoryID: 2, UserID: me},
		{CategoryID: 2, UserID: uuid.New()},
		{CategoryID: 1, UserID: me},
		{CategoryID: 2, Hidden: true},
		{},
	}
	for _, obj := range objects {
		for _, action := range Actions() {
			for _, subject := range Subjects() {
				require.Equal(t, computed.CanOn(action, subject, obj), a.CanOn(action, subject, obj),
					"%s %s %+v", action, subject, obj)
			}
		}
	}
	assert.True(t, a.CanOn(ActionUpdate, SubjectMessage, Object{CategoryID: 2, UserID: me}))
}

func TestRulesCopyIsDeep(t *testing.T) {
	t.Parallel()
	a := Abilities{rules: []Rule{{Action: ActionRead, Subject: SubjectTask,
		Conditions: map[string]any{AttrCategoryID: map[string]any{OpIn: []int64{1}}}}}}
	rules := a.Rules()
	rules[0].Conditions[AttrCategoryID].(map[string]any)[OpIn].([]int64)[0] = 9
	rules[0].Conditions[AttrHidden] = true
	assert.True(t, a.CanOn(ActionRead, SubjectTask, Object{CategoryID: 1}))
	assert.False(t, a.CanOn(ActionRead, SubjectTask, Object{CategoryID: 9}))
}
