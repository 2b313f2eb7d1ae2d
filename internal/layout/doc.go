// Package layout holds no code, only the tests that keep the package
// boundaries of docs/ARCHITECTURE.md: what each package may import, and
// that the headless build leaves the window (and X11) out.
package layout
