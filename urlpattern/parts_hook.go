package urlpattern

import "github.com/webstd/url/internal/patternparts"

// maxStackGroups is the most groups a component matched directly may have
// for AppendGroups to hold them on the stack.
const maxStackGroups = 16

// hooked returns component c of p, the *Pattern that a hook of package
// patternparts was given, or false when p is not a valid pattern or c not
// a component.
func hooked(p any, c int) (*component, bool) {
	pat, ok := p.(*Pattern)
	if !ok || !pat.valid() || c < 0 || c >= numComponents {
		return nil, false
	}
	return pat.components[c], true
}

// init sets the hooks of package patternparts, through which packages
// router and others read a pattern's parts and match one component.
func init() {
	patternparts.Redact = redactedPattern
	patternparts.Of = func(p any, c int) (patternparts.Component, bool) {
		comp, ok := hooked(p, c)
		if !ok {
			return patternparts.Component{}, false
		}
		return patternparts.Component{
			PatternString: comp.patternString,
			Parts:         comp.parts,
			Delimiter:     comp.opts.delimiter,
			Prefix:        comp.opts.prefix,
			IgnoreCase:    comp.opts.ignoreCase,
		}, true
	}
	patternparts.TestComponent = func(p any, c int, input string) bool {
		comp, ok := hooked(p, c)
		return ok && comp.test(input)
	}
	patternparts.AppendGroups = func(p any, c int, input string, dst []patternparts.Group) ([]patternparts.Group, bool) {
		comp, ok := hooked(p, c)
		if !ok {
			return dst, false
		}
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
