package metadata

import "gopkg.in/yaml.v3"

// lineFinder finds the line of a key or list item in a parsed YAML document.
type lineFinder struct {
	root *yaml.Node
}

// find returns the line of the node at path (map keys as strings, list indexes as
// ints), or of the deepest node on the path that exists.
func (f *lineFinder) find(path ...any) int {
	node := f.root
	if node.Kind == yaml.DocumentNode && len(node.Content) > 0 {
		node = node.Content[0]
	}
	line := node.Line
	for _, step := range path {
		next := child(node, step)
		if next == nil {
			return line
		}
		node, line = next, next.Line
	}
	return line
}

// node returns the node at path, or nil.
func (f *lineFinder) node(path ...any) *yaml.Node {
	node := f.root
	if node.Kind == yaml.DocumentNode && len(node.Content) > 0 {
		node = node.Content[0]
	}
	for _, step := range path {
		if node = child(node, step); node == nil {
			return nil
		}
	}
	return node
}

// items returns the items of the sequence at path, if there is one.
func (f *lineFinder) items(path ...any) []*yaml.Node {
	node := f.node(path...)
	if node == nil || node.Kind != yaml.SequenceNode {
		return nil
	}
	return node.Content
}

func child(node *yaml.Node, step any) *yaml.Node {
	switch key := step.(type) {
	case string:
		if node.Kind != yaml.MappingNode {
			return nil
		}
		for i := 0; i+1 < len(node.Content); i += 2 {
			if node.Content[i].Value == key {
				return node.Content[i+1]
			}
		}
	case int:
		if node.Kind == yaml.SequenceNode && key < len(node.Content) {
			return node.Content[key]
		}
	}
	return nil
}
