package workflow

import (
	"bytes"
	"encoding/json"
	"slices"

	jsonpatch "github.com/evanphx/json-patch/v5"

	"portico/engine/apperr"
	"portico/engine/store"
)

// The data a client sends for an existing trigger is a JSON Merge Patch
// (RFC 7386) on the data stored: keys it does not send are kept, null clears
// a key, objects merge key by key and anything else replaces. A client that
// does not know a key (an editor without reportingPeriod or holidayHandling)
// so cannot drop it by saving. A new trigger, or one whose type changes, is
// patched onto {}: its nulls only drop.

// mergeTriggerData applies sent onto stored. Sending nothing (or null)
// changes nothing.
func mergeTriggerData(stored, sent json.RawMessage) (json.RawMessage, error) {
	if blank(sent) {
		sent = json.RawMessage("{}")
	}
	if blank(stored) {
		stored = json.RawMessage("{}")
	}
	out, err := jsonpatch.MergePatch(stored, sent)
	if err != nil {
		return nil, apperr.Invalid("data", KeyInvalidTrigger)
	}
	return out, nil
}

// patchedData returns the trigger of existing that the input updates (nil
// for a new trigger or an unknown uuid) and the input's data patched onto
// that trigger's data when the type stays, or else onto {}.
func patchedData(existing []store.WorkflowTrigger, in TriggerInput) (*store.WorkflowTrigger, json.RawMessage, error) {
	var prev *store.WorkflowTrigger
	if in.UUID != nil {
		if i := slices.IndexFunc(existing, func(t store.WorkflowTrigger) bool { return t.UUID == *in.UUID }); i >= 0 {
			prev = &existing[i]
		}
	}
	var stored json.RawMessage
	if prev != nil && prev.TriggerType == in.TriggerType {
		stored = prev.Data
	}
	data, err := mergeTriggerData(stored, in.Data)
	return prev, data, err
}

func blank(b json.RawMessage) bool {
	t := bytes.TrimSpace(b)
	return len(t) == 0 || bytes.Equal(t, []byte("null"))
}
