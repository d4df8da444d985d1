module github.com/mutexlab/mutexlab/examples/naimitrehel

go 1.26.0

require github.com/mutexlab/mutexlab v0.0.0

require (
	golang.org/x/sys v0.49.0 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)

replace github.com/mutexlab/mutexlab => ../..
