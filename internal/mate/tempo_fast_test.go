//go:build !slow

package mate

// TestTempoAgainstSearch tries every 1,009th king placement by default, with helpmates of 3 plies.
const tempoStride, tempoPlies = 1009, 3
