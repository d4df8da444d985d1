// Command bench runs mutexlab experiments: `bench help` lists the commands, and package cli
// (go doc ./cli) documents them and their exit codes. A program of one's own that registers an
// algorithm and calls cli.Main is this command with one more algorithm (docs/your-algorithm.md).
package main

import (
	"os"

	"github.com/mutexlab/mutexlab/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:])) }
