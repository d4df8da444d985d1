package cli

import "strings"

// Every flag that takes a list splits it here, by one rule: a stray separator is a typo, not
// a value, so an empty item is refused; and where a repeat can only repeat output (a column,
// a series, a filter value, an output file), an item listed twice is refused too. A value
// listed twice to bench run is refused by the sweep spec instead, which says what sets
// replicates.

// listItems splits a flag's comma-separated list, refusing an empty item.
func listItems(name, list string) ([]string, error) {
	return splitItems(name+" "+list, list, ",", false)
}

// distinctItems splits a flag's comma-separated list, refusing an empty item and an item
// listed twice. An empty flag is an empty list.
func distinctItems(name, list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	return splitItems(name+" "+list, list, ",", true)
}

// splitItems splits list at sep, trimming spaces; what names the flag and its value as the
// user gave them ("--by algorithm,algorithm", "--keep load=1/1").
func splitItems(what, list, sep string, distinct bool) ([]string, error) {
	items := strings.Split(list, sep)
	seen := make(map[string]bool, len(items))
	for k, x := range items {
		x = strings.TrimSpace(x)
		switch {
		case x == "":
			return nil, usagef("%s: an empty item in the list; give values separated by single %s", what, sepWord(sep))
		case distinct && seen[x]:
			return nil, usagef("%s: %s is listed twice", what, x)
		}
		items[k], seen[x] = x, true
	}
	return items, nil
}

func sepWord(sep string) string {
	if sep == "/" {
		return "slashes"
	}
	return "commas"
}
