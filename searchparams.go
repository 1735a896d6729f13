package url

import (
	"iter"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/webstd/url/internal/infra"
)

// SearchParams is a list of name-value pairs in the manner of the standard's
// URLSearchParams class (https://url.spec.whatwg.org/#interface-urlsearchparams):
// the query of a URL, or the data of an HTML form, in order, with repeated
// names allowed. Its String method is the application/x-www-form-urlencoded
// serialization.
//
// The zero SearchParams is an empty list, ready to use. A nil *SearchParams
// reads as an empty list; its methods that change the list panic.
//
// The standard's names and values are scalar value strings. A Go string may
// hold any bytes, so each name and value given to a SearchParams is read as
// UTF-8 with each invalid sequence taken as U+FFFD, as a browser converts a
// JavaScript string with lone surrogates; the names and values a SearchParams
// returns are always valid UTF-8.
//
// Unlike the JavaScript object, a SearchParams is not linked to a URL: read a
// URL's with [URL.SearchParams], change it, and write it back with
// [URL.SetSearchParams], which runs the standard's update steps. A
// SearchParams is not safe for concurrent use if any goroutine changes it.
//
// A SearchParams holds the strings it is given (by [SearchParams.Append],
// [NewSearchParamsFromPairs] and the other constructors) and the substrings
// of those it parses ([NewSearchParams], [URL.SearchParams]), not copies, as
// net/url's ParseQuery and [Parse] do: each keeps the whole string it is part
// of alive. [SearchParams.Clone] copies them into bytes of its own.
//
// A copy of a SearchParams (q := *p, or one passed by value) is a list of its
// own, as [SearchParams.Clone] gives (which also copies the strings):
// changing the copy does not change the original, nor the reverse. The two
// share their pairs until one changes:
// Append adds a pair in place when no copy can see the place, and Delete,
// DeleteValue, DeleteFunc, Set and Sort, when they change the list, make a
// new one rather than change pairs a copy may hold. So copies may be used
// and changed by different goroutines at the same time, each its own.
type SearchParams struct {
	// list is the standard's list: name-value tuples, each name and value
	// valid UTF-8. Copies of a SearchParams share list's backing array, so
	// an element of it, once in a list, is never changed.
	list [][2]string
	// filled, when not nil, is shared by the SearchParams values whose list
	// is on list's backing array (copies of one another) and counts the
	// elements of that array that lists have taken: no such list is
	// longer. A list exactly that long may take the next element, which no
	// list holds, by moving the count on with a compare-and-swap (copies
	// may be in other goroutines); the others append to a new array. A nil
	// filled lets no list append in place.
	filled *atomic.Int64
}

// newSearchParams returns a SearchParams holding list, whose backing array
// nothing else holds. The count of filled elements comes in the same
// allocation as the SearchParams.
func newSearchParams(list [][2]string) *SearchParams {
	b := &struct {
		p      SearchParams
		filled atomic.Int64
	}{}
	b.filled.Store(int64(len(list)))
	b.p = SearchParams{list: list, filled: &b.filled}
	return &b.p
}

// Clone returns a copy of p: a SearchParams of its own with the same pairs,
// which changes to p do not reach, nor changes to it p. A nil p gives an
// empty list.
//
// Unlike q := *p, which shares p's pairs and their strings until one of the
// two changes, Clone copies the names and values into one new string of
// their total length: the clone keeps nothing of what p's strings came
// from alive. The pairs of [NewSearchParams] and [URL.SearchParams] are
// substrings of their input where they need no decoding, so that a few
// pairs read from a 32 MB string, or from the query of a 32 MB URL, hold
// all of it; their Clone holds only its own bytes, as [URL.Clone] does for
// a URL. It costs three allocations: the string, the list and the
// SearchParams.
func (p *SearchParams) Clone() *SearchParams {
	if p == nil || len(p.list) == 0 {
		return &SearchParams{}
	}
	n := 0
	for _, pair := range p.list {
		n += len(pair[0]) + len(pair[1])
	}
	var b strings.Builder
	b.Grow(n)
	for _, pair := range p.list {
		b.WriteString(pair[0])
		b.WriteString(pair[1])
	}
	data := b.String() // not a copy: the Builder's bytes
	list := make([][2]string, len(p.list))
	for i, pair := range p.list {
		name, value := len(pair[0]), len(pair[1])
		list[i] = [2]string{data[:name], data[name : name+value]}
		data = data[name+value:]
	}
	return newSearchParams(list)
}

// appendPair appends pair to the list without changing an element that
// another SearchParams holds.
func (p *SearchParams) appendPair(pair [2]string) {
	n := len(p.list)
	// Take the element at n if no list holds it: when the count is n.
	claimed := p.filled != nil && p.filled.CompareAndSwap(int64(n), int64(n+1))
	if claimed && n < cap(p.list) {
		p.list = append(p.list, pair)
		return
	}
	// Otherwise a new array, grown as append grows one. A count moved on
	// here carries over: every other list on the old array is now shorter
	// than it, and none appends in place there again.
	if !claimed {
		p.filled = new(atomic.Int64)
		p.filled.Store(int64(n + 1))
	}
	p.list = append(p.list[:n:n], pair)
}

// setList makes list, a new array that nothing else holds, p's list.
func (p *SearchParams) setList(list [][2]string) {
	if len(list) == 0 {
		list = nil
	}
	p.list, p.filled = list, nil
}

// NewSearchParams returns the SearchParams that init holds in the
// application/x-www-form-urlencoded format, as the standard's
// new URLSearchParams(init) does with a string: a leading "?" is removed, so
// that a URL's Search() can be passed as it is, and the rest is parsed as
// [ParseURLEncoded] does. Like every string given to a SearchParams, init is
// first read as UTF-8 with each invalid sequence taken as U+FFFD (the
// standard's init is a scalar value string), where ParseURLEncoded works on
// bytes: "\xE2%82%AC" is three U+FFFD here and "€" there.
//
// Names and values that need no decoding are substrings of init, not
// copies, as [Parse] keeps its input for the href and ParseURLEncoded its
// input for the pairs: the SearchParams keeps all of init alive while it
// holds one of them. To keep a few pairs of a long string (a request
// body, a large page) without the rest, keep their [SearchParams.Clone].
//
//	NewSearchParams("?q=URL+spec&lang=en").Get("q") // "URL spec", true
func NewSearchParams(init string) *SearchParams {
	// 1. If init is a string and starts with U+003F (?), then remove the
	// first code point from init.
	init = strings.TrimPrefix(infra.ToWellFormed(init), "?")
	// 2. Initialize this with init: 3.2. Set query's list to the result of
	// parsing init.
	return newSearchParams(ParseURLEncoded(init))
}

// NewSearchParamsFromPairs returns a SearchParams holding a copy of pairs, in
// order, as new URLSearchParams([[name, value], ...]) does. (A copy of the
// slice: the names and values are the strings of pairs; see [SearchParams].)
func NewSearchParamsFromPairs(pairs [][2]string) *SearchParams {
	list := make([][2]string, len(pairs))
	for i, pair := range pairs {
		list[i] = [2]string{infra.ToWellFormed(pair[0]), infra.ToWellFormed(pair[1])}
	}
	return newSearchParams(list)
}

// NewSearchParamsFromMap returns a SearchParams holding the pairs of m, as
// new URLSearchParams({name: value, ...}) does. A Go map has no order, so the
// pairs are in the order of their names as Go compares strings (byte order,
// which for valid UTF-8 is code point order), for a result that does not
// change from run to run. Names that are the same after invalid UTF-8 is read
// as U+FFFD all appear, in that order.
func NewSearchParamsFromMap(m map[string]string) *SearchParams {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	list := make([][2]string, len(names))
	for i, name := range names {
		list[i] = [2]string{infra.ToWellFormed(name), infra.ToWellFormed(m[name])}
	}
	return newSearchParams(list)
}

// Size returns the number of name-value pairs, as the standard's size getter
// (https://url.spec.whatwg.org/#dom-urlsearchparams-size) does.
func (p *SearchParams) Size() int {
	if p == nil {
		return 0
	}
	return len(p.list)
}

// Append adds the pair (name, value) at the end of the list, as the standard's
// append(name, value) (https://url.spec.whatwg.org/#dom-urlsearchparams-append)
// does.
func (p *SearchParams) Append(name, value string) {
	// 1. Append (name, value) to this's list.
	p.appendPair([2]string{infra.ToWellFormed(name), infra.ToWellFormed(value)})
	// 2. Update this. (See URL.SetSearchParams.)
}

// Delete removes every pair whose name is name, as the standard's
// delete(name) (https://url.spec.whatwg.org/#dom-urlsearchparams-delete) does.
func (p *SearchParams) Delete(name string) {
	name = infra.ToWellFormed(name)
	// 2. Otherwise, remove all tuples whose name is name from this's list.
	p.deleteFunc(func(pair [2]string) bool { return pair[0] == name })
	// 3. Update this.
}

// DeleteValue removes every pair whose name is name and whose value is value,
// as the standard's delete(name, value)
// (https://url.spec.whatwg.org/#dom-urlsearchparams-delete) does.
func (p *SearchParams) DeleteValue(name, value string) {
	name, value = infra.ToWellFormed(name), infra.ToWellFormed(value)
	// 1. If value is given, then remove all tuples whose name is name and
	// value is value from this's list.
	p.deleteFunc(func(pair [2]string) bool { return pair[0] == name && pair[1] == value })
	// 3. Update this.
}

// DeleteFunc removes every pair for which del returns true, keeping the
// others in their order, as [slices.DeleteFunc] does. It is not the
// standard's, whose delete takes a name, or a name and a value
// ([SearchParams.Delete], [SearchParams.DeleteValue]); it removes what a range
// over [SearchParams.All] calling DeleteValue on each pair del picks would,
// in one pass and with one new list.
//
// DeleteFunc calls del once for each pair, in order. del should not change
// p: DeleteFunc works on the list as it was when called, and p ends holding
// what remains of that list, so a change del makes is lost. When del returns
// false for every pair, p does not change and nothing is allocated.
//
//	p.DeleteFunc(func(name, value string) bool { return value == "" }) // drop empty fields
func (p *SearchParams) DeleteFunc(del func(name, value string) bool) {
	p.deleteFunc(func(pair [2]string) bool { return del(pair[0], pair[1]) })
}

// deleteFunc removes the pairs for which del returns true, keeping the order
// of the others. The result is a new list, as copies of p may hold this one;
// when nothing is removed the list stays as it is. del is called once per
// pair, on the list as it was when deleteFunc was called; if it changes p,
// p ends holding that list less the pairs removed all the same.
func (p *SearchParams) deleteFunc(del func([2]string) bool) {
	was := *p
	first := slices.IndexFunc(was.list, del)
	if first < 0 {
		*p = was // undo what del did, if it did anything
		return
	}
	list := make([][2]string, first, len(was.list)-1)
	copy(list, was.list[:first])
	for _, pair := range was.list[first+1:] {
		if !del(pair) {
			list = append(list, pair)
		}
	}
	p.setList(list)
}

// Get returns the value of the first pair whose name is name, and whether
// there is one, as the standard's get(name)
// (https://url.spec.whatwg.org/#dom-urlsearchparams-get) does (it returns null
// where Get returns false).
func (p *SearchParams) Get(name string) (value string, ok bool) {
	if p == nil {
		return "", false
	}
	name = infra.ToWellFormed(name)
	for _, pair := range p.list {
		if pair[0] == name {
			return pair[1], true
		}
	}
	return "", false
}

// GetAll returns the values of all pairs whose name is name, in list order, as
// the standard's getAll(name)
// (https://url.spec.whatwg.org/#dom-urlsearchparams-getall) does. It returns
// nil when there are none.
func (p *SearchParams) GetAll(name string) []string {
	if p == nil {
		return nil
	}
	name = infra.ToWellFormed(name)
	var values []string
	for _, pair := range p.list {
		if pair[0] == name {
			values = append(values, pair[1])
		}
	}
	return values
}

// Has reports whether a pair has the name name, as the standard's has(name)
// (https://url.spec.whatwg.org/#dom-urlsearchparams-has) does.
func (p *SearchParams) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// HasValue reports whether a pair has the name name and the value value, as
// the standard's has(name, value)
// (https://url.spec.whatwg.org/#dom-urlsearchparams-has) does.
func (p *SearchParams) HasValue(name, value string) bool {
	if p == nil {
		return false
	}
	name, value = infra.ToWellFormed(name), infra.ToWellFormed(value)
	// 1. If value is given and there is a tuple whose name is name and value
	// is value in this's list, then return true.
	for _, pair := range p.list {
		if pair[0] == name && pair[1] == value {
			return true
		}
	}
	// 3. Return false.
	return false
}

// Set makes value the only value of name, as the standard's set(name, value)
// (https://url.spec.whatwg.org/#dom-urlsearchparams-set) does: the first pair
// named name takes value and the other pairs named name are removed; if there
// is no such pair, (name, value) is appended.
func (p *SearchParams) Set(name, value string) {
	name, value = infra.ToWellFormed(name), infra.ToWellFormed(value)
	// 1. If this's list contains any tuples whose name is name, then set the
	// value of the first such tuple to value and remove the others.
	named := func(pair [2]string) bool { return pair[0] == name }
	first := slices.IndexFunc(p.list, named)
	if first >= 0 {
		rest := p.list[first+1:]
		if p.list[first][1] == value && !slices.ContainsFunc(rest, named) {
			return // the list does not change
		}
		// A new list, as copies of p may hold this one.
		list := make([][2]string, first+1, len(p.list))
		copy(list, p.list[:first])
		list[first] = [2]string{name, value}
		for _, pair := range rest {
			if !named(pair) {
				list = append(list, pair)
			}
		}
		p.setList(list)
		return
	}
	// 2. Otherwise, append (name, value) to this's list.
	p.appendPair([2]string{name, value})
	// 3. Update this.
}

// Sort sorts the pairs by name, as the standard's sort()
// (https://url.spec.whatwg.org/#dom-urlsearchparams-sort) does: a stable sort,
// which keeps pairs of the same name in their order, comparing names as
// JavaScript compares strings, by UTF-16 code units. That is code point order
// except that a code point above U+FFFF, written with surrogates (0xD800 to
// 0xDFFF), sorts before the code points U+E000 to U+FFFF.
//
//	"?z=1&a=2&%F0%9F%8C%88=3&%EF%BC%A1=4&a=5" sorts to "a=2&a=5&z=1&%F0%9F%8C%88=3&%EF%BC%A1=4"
func (p *SearchParams) Sort() {
	// 1. Set this's list to the result of sorting in ascending order this's
	// list, with a being less than b if a's name is code unit less than b's
	// name. A sorted list stays as it is; otherwise the result is a new
	// list, as copies of p may hold this one.
	cmp := func(a, b [2]string) int { return compareUTF16(a[0], b[0]) }
	if slices.IsSortedFunc(p.list, cmp) {
		return
	}
	list := slices.Clone(p.list)
	slices.SortStableFunc(list, cmp)
	p.setList(list)
	// 2. Update this.
}

// compareUTF16 compares a and b, valid UTF-8, as their UTF-16 encodings
// compare code unit by code unit (https://infra.spec.whatwg.org/#code-unit-less-than),
// without converting them. UTF-8 byte order is code point order, which is
// UTF-16 order except between a code point above U+FFFF (a surrogate pair,
// whose first unit is 0xD800 to 0xDBFF) and one from U+E000 to U+FFFF: the
// comparison looks at the first code point that differs.
func compareUTF16(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return len(a) - len(b) // one is a prefix of the other
	}
	// Back up to the start of the code point in which they differ; the bytes
	// before i are the same in both.
	for i > 0 && !utf8.RuneStart(a[i]) {
		i--
	}
	ra, _ := utf8.DecodeRuneInString(a[i:])
	rb, _ := utf8.DecodeRuneInString(b[i:])
	if ua, ub := utf16First(ra), utf16First(rb); ua != ub {
		return int(ua) - int(ub)
	}
	// The same first unit: both are above U+FFFF with the same leading
	// surrogate, and their trailing surrogates compare as they do.
	return int(ra) - int(rb)
}

// utf16First returns the first UTF-16 code unit of r.
func utf16First(r rune) rune {
	if r >= 0x10000 {
		return 0xD800 + (r-0x10000)>>10
	}
	return r
}

// String returns the pairs in the application/x-www-form-urlencoded format,
// as the standard's stringification behavior
// (https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior)
// does: [SerializeURLEncoded] with UTF-8. Spaces become "+". It returns "" for
// an empty list.
func (p *SearchParams) String() string {
	if p == nil || len(p.list) == 0 {
		return ""
	}
	return string(appendURLEncoded(nil, p.list, nil))
}

// All returns an iterator over the name-value pairs in list order, the
// standard's value pairs to iterate over
// (https://url.spec.whatwg.org/#dom-urlsearchparams-entries).
//
// Unlike the JavaScript iterator, a range over All sees the list as it was
// when the range began, whatever the loop does to p: every pair of that list
// once, in order, those the loop removes before the range reaches them
// included, and none of those it adds. The JavaScript iterator walks the
// live list by index, so that removing the current pair or one before it
// skips the next pair, a loss that in Go would go unnoticed. Here
//
//	for name, value := range p.All() {
//		if strings.HasPrefix(name, "utm_") {
//			p.Delete(name)
//		}
//	}
//
// looks at every pair, and a loop that appends ends. This costs nothing:
// a list's pairs never change once in it (see [SearchParams]), so the range
// keeps the list it began with. Each range over one iterator begins anew,
// with the list as it is then.
func (p *SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, pair := range p.pairs() {
			if !yield(pair[0], pair[1]) {
				return
			}
		}
	}
}

// Keys returns an iterator over the names of the pairs in list order, as the
// standard's keys() (https://url.spec.whatwg.org/#dom-urlsearchparams-entries)
// does: the name of every pair, so that a name comes as often as it has
// values ("a=1&b=2&a=3" gives "a", "b", "a"). Like [SearchParams.All], a range over
// it sees the list as it was when the range began.
func (p *SearchParams) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, pair := range p.pairs() {
			if !yield(pair[0]) {
				return
			}
		}
	}
}

// Values returns an iterator over the values of the pairs in list order, as
// the standard's values()
// (https://url.spec.whatwg.org/#dom-urlsearchparams-entries) does. Like
// [SearchParams.All], a range over it sees the list as it was when the range
// began. For net/url's url.Values, see [SearchParams.StdValues].
func (p *SearchParams) Values() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, pair := range p.pairs() {
			if !yield(pair[1]) {
				return
			}
		}
	}
}

// pairs returns p's list as it is now, nil for a nil p. What changes p later
// makes a new list or adds past the end of this one, never changing a pair
// of it, so the caller may read it while p changes.
func (p *SearchParams) pairs() [][2]string {
	if p == nil {
		return nil
	}
	return p.list
}

// SearchParams returns a new SearchParams holding the pairs of u's query,
// parsed as application/x-www-form-urlencoded, as the standard's URL
// constructor initializes its query object
// (https://url.spec.whatwg.org/#dom-url-searchparams): an empty list when the
// query is null or empty, or u is the zero URL. The result is not linked to u:
// changes to it reach u only through [URL.SetSearchParams]. Its names and
// values that need no decoding are substrings of u's href, which it keeps
// alive, as [NewSearchParams] does its input: its [SearchParams.Clone]
// holds only its own bytes.
//
//	MustParse("https://example.com/?q=a+b&q=%C3%A9").SearchParams().GetAll("q") // ["a b" "é"]
func (u URL) SearchParams() *SearchParams {
	// The URL constructor's step: let query be url's query, if that is
	// non-null, and the empty string otherwise; set this's query object to a
	// new URLSearchParams object, initialized with query.
	query, _ := u.Query()
	return newSearchParams(ParseURLEncoded(query))
}

// SetSearchParams makes p's pairs u's query, as the standard's URLSearchParams
// update steps (https://url.spec.whatwg.org/#concept-urlsearchparams-update)
// do for a URL's query object after each method that changes it: the query
// becomes p's application/x-www-form-urlencoded serialization, or null when
// that is empty (an empty or nil p), so that "https://example.com/?" written
// back with no pairs is "https://example.com/". The path and fragment do not
// change. SetSearchParams does nothing when u is the zero URL.
//
// Earlier versions of the standard also stripped trailing spaces from an
// opaque path here, when the query became null and the fragment was null. The
// standard since July 2026 (whatwg/url fde3f74 included) has no such step: its opaque path state writes a
// space that is followed by "?" or "#" as "%20" instead, so an opaque path
// never ends in a space that removing the query would leave last, and
// "sc:a%20?q" with no pairs written back is "sc:a%20".
//
// It returns a *[SetterError] (with [ErrNoURL] or [ErrTooLong]) when it
// leaves u unchanged.
func (u *URL) SetSearchParams(p *SearchParams) error {
	if !u.IsValid() {
		return u.rejected("searchParams", p.String(), ErrNoURL)
	}
	var pb parser
	pb.init()
	defer pb.release()
	// 1. If query's URL object is null, then return. (u is the URL object.)
	// 2. Let serializedQuery be the serialization of query's list.
	// 3. If serializedQuery is the empty string, then set serializedQuery to
	// null. (It is empty exactly when the list is: each pair writes "=".)
	pb.u = *u
	pb.u.queryStart = omitted
	b := append(pb.buf, u.href[:u.pathEnd()]...)
	if p != nil && len(p.list) > 0 {
		pb.u.queryStart = uint32(len(b))
		b = append(b, '?')
		b = appendURLEncoded(b, p.list, nil)
	}
	// 4. Set query's URL object's URL's query to serializedQuery. The
	// serialization is ASCII with nothing the query state encodes, so the
	// new href parses to exactly this query.
	pb.buf = b
	if fail := u.splice(&pb, u.queryEnd(), fragmentOn); fail != 0 {
		return u.setterError("searchParams", p.String(), fail)
	}
	return nil
}
