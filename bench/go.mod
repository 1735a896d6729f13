module github.com/webstd/url/bench

go 1.26.0

replace github.com/webstd/url => ../

require (
	code.dny.dev/ssrf v0.3.0
	github.com/ada-url/goada v1.1.0
	github.com/doyensec/safeurl v0.2.2
	github.com/dunglas/go-urlpattern v1.0.0
	github.com/go-chi/chi/v5 v5.5.0
	github.com/julienschmidt/httprouter v1.3.0
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/webstd/url v0.0.0-00010101000000-000000000000
	golang.org/x/net v0.62.0
)

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	golang.org/x/exp v0.0.0-20260410095643-746e56fc9e2f // indirect
	golang.org/x/text v0.43.0 // indirect
)
