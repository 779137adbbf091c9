package main

import (
	"context"
	"errors"

	"github.com/spf13/cobra"
)

// Exit statuses of the command (cli-and-output.md). Only run turns errors into them.
const (
	exitOK          = 0   // the scan finished; games with errors are counted, not fatal
	exitFailure     = 1   // an input could not be opened or read to its end, or an output failed
	exitUsage       = 2   // bad usage: unknown flag, edition, extension, unreadable path
	exitInterrupted = 130 // SIGINT/SIGTERM: outputs closed, summary printed
)

// usageError marks an error as bad usage (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// runError carries an error returned by a command's own work, as opposed to one cobra raised
// while parsing the command line (unknown command or flag, wrong arguments: bad usage).
type runError struct{ err error }

func (e runError) Error() string { return e.err.Error() }
func (e runError) Unwrap() error { return e.err }

// runE adapts a command's work function so that exitCode can tell its errors from cobra's.
func runE(f func(cmd *cobra.Command, args []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		if err := f(cmd, args); err != nil {
			return runError{err}
		}
		return nil
	}
}

// exitCode maps the error a command returned to the process exit status.
func exitCode(err error) int {
	var u usageError
	var r runError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &u):
		return exitUsage
	case !errors.As(err, &r):
		return exitUsage // raised by cobra: unknown command, flag or arguments
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	default:
		return exitFailure
	}
}
