package canonical

// appendCleanPath appends the path p, which starts with "/" (or is empty),
// with its dot segments resolved and its runs of slashes collapsed, as Safe
// Browsing's canonicalization and the Internet Archive's normalizePath do it
// on a percent-decoded path:
//
//   - "Resolve the sequences "/../" and "/./" in the path by replacing "/./"
//     with "/", and removing "/../" along with the preceding path component";
//     a ".." at the root is dropped, as the URL Standard drops it
//     (https://url.spec.whatwg.org/#shorten-a-urls-path) so that the result
//     parses to itself;
//   - "Replace runs of consecutive slashes with a single slash character":
//     empty segments are dropped before ".." is resolved, as Google's
//     reference client (path.Clean) does, so "/a//../b" is "/b";
//   - the result keeps a final "/" when p has one ("/a/b/"), and loses the
//     one a final "." or ".." segment would leave ("/a/b/.." is "/a");
//     an empty path is "/".
//
// It takes time linear in len(p).
func appendCleanPath[S ~string | ~[]byte](b []byte, p S) []byte {
	start := len(b)
	trailingSlash := len(p) > 0 && p[len(p)-1] == '/'
	b = append(b, '/')
	for len(p) > 0 {
		seg := p
		if i := indexByte(p, '/'); i >= 0 {
			seg, p = p[:i], p[i+1:]
		} else {
			p = p[len(p):]
		}
		switch {
		case len(seg) == 0 || len(seg) == 1 && seg[0] == '.':
		case len(seg) == 2 && seg[0] == '.' && seg[1] == '.':
			b = removeLastSegment(b, start)
		default:
			b = append(b, seg...)
			b = append(b, '/')
		}
	}
	// b ends in "/" here; drop it unless the path ended in "/" or the
	// result is the root.
	if n := len(b); n > start+1 && !trailingSlash {
		b = b[:n-1]
	}
	return b
}

// indexByte returns the index of the first c in s, or -1.
func indexByte[S ~string | ~[]byte](s S, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// removeLastSegment removes from b the last path segment written after
// b[start] (a "/"), and the "/" that ends it: what ".." does.
func removeLastSegment(b []byte, start int) []byte {
	if n := len(b); n > start+1 {
		j := n - 2
		for b[j] != '/' {
			j--
		}
		b = b[:j+1]
	}
	return b
}
