package urlpattern

import "github.com/webstd/url/internal/patternparts"

// maxStackGroups is the most groups a component matched directly may have
// for AppendGroups to hold them on the stack.
const maxStackGroups = 16

func init() {
	patternparts.TestComponent = func(p any, c int, input string) bool {
		pat, ok := p.(*Pattern)
		if !ok || !pat.valid() || c < 0 || c >= numComponents {
			return false
		}
		return pat.components[c].test(input)
	}
	patternparts.AppendGroups = func(p any, c int, input string, dst []patternparts.Group) ([]patternparts.Group, bool) {
		pat, ok := p.(*Pattern)
		if !ok || !pat.valid() || c < 0 || c >= numComponents {
			return dst, false
		}
		comp := pat.components[c]
		if len(comp.names) == 0 {
			return dst, comp.test(input)
		}
		var values []Group
		if comp.direct && len(comp.names) <= maxStackGroups {
			var buf [maxStackGroups]Group
			values = buf[:len(comp.names)]
			if !comp.matchDirect(input, values) {
				return dst, false
			}
		} else if values, ok = comp.exec(input); !ok {
			return dst, false
		}
		for i, name := range comp.names {
			if values[i].Defined {
				dst = append(dst, patternparts.Group{Name: name, Value: values[i].Value})
			}
		}
		return dst, true
	}
}
