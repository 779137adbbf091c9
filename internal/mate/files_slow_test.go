//go:build slow

package mate

import "testing"

func TestLabelledAll(t *testing.T) { checkLabelled(t, 1) }
func TestUnfairAll(t *testing.T)   { checkUnfair(t, 1) }
func TestTimeoutsAll(t *testing.T) { checkTimeouts(t, 1) }

// TestTempoAgainstSearch tries every 37th king placement, with helpmates of 5 plies.
const tempoStride, tempoPlies = 37, 5
