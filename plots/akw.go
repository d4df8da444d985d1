package plots

// AKWFigures are the default figures of the akw presets (Attiya, Kogan and Welch's local
// mutual exclusion). akw-static and akw-mobile: maximum response time (wait_max, the
// largest wait of a trial, averaged over trials) against n, one line per algorithm, one
// panel per load or maximum speed. akw-failures: measured failure locality (per trial,
// averaged over trials) against the crash rate, one line per algorithm.
var AKWFigures = []Preset{
	{
		Name:    "akw-static",
		Caption: "Local mutual exclusion on static graphs of mean degree 6: maximum wait per CS entry vs n, one line per algorithm; panels per load",
		Spec:    LineSpec{Metric: "wait_max", X: "n", Series: []string{"algorithm"}, Facet: "load", Label: akwLabel, XScale: Log, YScale: Log},
	},
	{
		Name:    "akw-mobile",
		Caption: "Local mutual exclusion on random waypoint: maximum wait per CS entry vs n, one line per algorithm; panels per maximum speed",
		Spec:    LineSpec{Metric: "wait_max", X: "n", Series: []string{"algorithm"}, Facet: "speed_max", Label: akwLabel, XScale: Log, YScale: Log},
	},
	{
		Name: "akw-failures",
		Caption: "Crash failures (node 0 at t = 50, plus random crashes at the crash rate): failure locality, the largest hop distance " +
			"from a blocked node to the nearest crash, vs crash rate, one line per algorithm",
		Spec: LineSpec{Metric: "failure_locality", X: "crash_rate", Series: []string{"algorithm"}, Label: akwLabel},
	},
}

func akwLabel(column, value string) string {
	switch column {
	case "speed_max":
		return "maximum speed " + value
	}
	return lmeLabel(column, value)
}
