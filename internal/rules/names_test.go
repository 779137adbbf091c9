package rules

import "testing"

// TestRulesAndKindsComplete: Rules and Kinds list every value that has a column name, and
// nothing past them has one (a rule added to the constants but not to the names, or the
// other way round, fails here).
func TestRulesAndKindsComplete(t *testing.T) {
	rs := Rules()
	for i, r := range rs {
		if r != Rule(i+1) || r.String() == "" || r.String() == "rule?" {
			t.Errorf("Rules()[%d] = %d %q", i, r, r.String())
		}
	}
	if last := Rule(len(rs) + 1); last.String() != "rule?" || rs[len(rs)-1] != EarlyAgreement {
		t.Errorf("Rules() ends at %v; the next value is named %q", rs[len(rs)-1], last.String())
	}
	ks := Kinds()
	for i, k := range ks {
		if k != Kind(i+1) || k.String() == "" || k.String() == "kind?" {
			t.Errorf("Kinds()[%d] = %d %q", i, k, k.String())
		}
	}
	if last := Kind(len(ks) + 1); last.String() != "kind?" || ks[len(ks)-1] != Agreement {
		t.Errorf("Kinds() ends at %v; the next value is named %q", ks[len(ks)-1], last.String())
	}
}
