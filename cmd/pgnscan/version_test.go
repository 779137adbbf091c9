package main

import (
	"runtime/debug"
	"testing"
)

// TestBuildVersion: the version comes from the module's version when the build has one, else
// from the VCS revision stamped in the build (devel+REV, -dirty for a modified tree), and is
// "devel" only when nothing says which source was built. Before, a build stamped with its
// revision but without a module version said "devel".
func TestBuildVersion(t *testing.T) {
	rev := "0123456789abcdef0123456789abcdef01234567"
	for _, c := range []struct {
		main     string
		settings []debug.BuildSetting
		want     string
	}{
		{"v1.4.0", []debug.BuildSetting{{Key: "vcs.revision", Value: rev}}, "v1.4.0"},
		{"(devel)", []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}, "devel+0123456789ab"},
		{"(devel)", []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}, "devel+0123456789ab-dirty"},
		{"(devel)", nil, "devel"},
		{"", []debug.BuildSetting{{Key: "-buildvcs", Value: "false"}}, "devel"},
	} {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/pgnscan/pgnscan", Version: c.main}, Settings: c.settings}
		if got := buildVersion(bi); got != c.want {
			t.Errorf("main %q, settings %v: %q, want %q", c.main, c.settings, got, c.want)
		}
	}
}

// TestVersionFlag: --version prints what "pgnscan version" prints.
func TestVersionFlag(t *testing.T) {
	a, b := pgnscan(t, "--version"), pgnscan(t, "version")
	if a.code != 0 || b.code != 0 || a.stdout != b.stdout || a.stdout != "pgnscan "+Version()+"\n" {
		t.Fatalf("--version: %d %q; version: %d %q", a.code, a.stdout, b.code, b.stdout)
	}
}
