// Package layout is a test-only package: it holds no code, only the tests
// that keep the repository's shape: the package boundaries of
// docs/ARCHITECTURE.md (what each package may import, checked over every
// package go list finds in the module, so a new one is covered from the
// start), that the headless build leaves the window (and X11) out, the
// command line, that git tracks no built program (tracked_test.go), and
// that the docs hold to what is there: the package map to go list, every
// relative link to a file and heading (docs_test.go).
package layout
