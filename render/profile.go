package render

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sync"
	"time"
)

// profileFor is how long DUSKFALL_CPUPROFILE profiles: a window is often
// ended by a signal, which would lose a profile written only at exit.
const profileFor = 30 * time.Second

// startCPUProfile profiles the window's process into path for profileFor
// or until the returned stop is called: DUSKFALL_CPUPROFILE=path, for
// measuring what a frame costs (docs/PERFORMANCE.md). A profile that
// cannot start is said and skipped.
func startCPUProfile(path string, logw io.Writer) (stop func()) {
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(logw, "duskfall: cpu profile: %v\n", err)
		return func() {}
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			pprof.StopCPUProfile()
			f.Close()
			fmt.Fprintf(logw, "duskfall: cpu profile written to %s\n", path)
		})
	}
	time.AfterFunc(profileFor, stop)
	return stop
}
