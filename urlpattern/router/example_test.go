package router_test

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/urlpattern"
	"github.com/webstd/url/urlpattern/router"
)

func Example() {
	var r router.Router[string]
	r.Add(urlpattern.MustParse("https://example.com/books/new"), "new book")
	r.Add(urlpattern.MustParse("https://example.com/books/:id"), "book")
	r.Add(urlpattern.MustParse("https://*.example.com/*"), "subdomain")

	u := url.MustParse("https://example.com/books/42")
	if m, ok := r.First(u); ok {
		fmt.Println(m.Value, m.Result.Pathname.Groups["id"].Value)
	}
	// Every route that matches, in the order they were added.
	for m := range r.MatchString("https://example.com/books/new") {
		fmt.Println(m.Value)
	}
	// Output:
	// book 42
	// new book
	// book
}

// A router that tries the most specific pathname first: the patterns
// sorted with CompareComponent before they are added.
func Example_specificFirst() {
	var patterns []*urlpattern.Pattern
	for _, s := range []string{"/books/*", "/books/:id", "/books/new"} {
		patterns = append(patterns, urlpattern.MustParse("https://example.com"+s))
	}
	slices.SortStableFunc(patterns, func(a, b *urlpattern.Pattern) int {
		return -urlpattern.CompareComponent(urlpattern.Pathname, a, b)
	})
	var r router.Router[string]
	for _, p := range patterns {
		r.Add(p, p.Pathname())
	}
	for _, path := range []string{"/books/new", "/books/42", "/books/42/reviews"} {
		m, _ := r.First(url.MustParse("https://example.com" + path))
		fmt.Println(path, "->", m.Value)
	}
	// Output:
	// /books/new -> /books/new
	// /books/42 -> /books/:id
	// /books/42/reviews -> /books/*
}

func ExampleServeMux() {
	mux := router.NewServeMux()
	mux.HandleFunc("GET /books/:id", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "book %s", r.PathValue("id"))
	})
	mux.HandleFunc("https://:shop.example.com/cart/*", func(w http.ResponseWriter, r *http.Request) {
		res := router.Result(r)
		fmt.Fprintf(w, "cart of %s: %s", res.Hostname.Groups["shop"].Value, r.PathValue("0"))
	})

	for _, target := range []string{
		"http://example.com/books/42",
		"https://toys.example.com/cart/items/7",
		"http://toys.example.com/cart/items/7", // not https
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		fmt.Println(rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("POST", "http://example.com/books/42", nil))
	fmt.Println(rec.Code, rec.Header().Get("Allow"))
	// Output:
	// 200 book 42
	// 200 cart of toys: items/7
	// 404 404 page not found
	// 405 GET, HEAD
}

// A RouteHandler gets the Route its ServeMux chose with the request: the
// path values, the Result and the URL, without the copy of the request
// and the map of path values that a handler of Handle costs.
func ExampleServeMux_HandleRoute() {
	mux := router.NewServeMux()
	mux.HandleRouteFunc("GET /repos/:owner/:repo/issues/:number", func(w http.ResponseWriter, r *http.Request, rt router.Route) {
		fmt.Fprintf(w, "issue %s of %s/%s", rt.PathValue("number"), rt.PathValue("owner"), rt.PathValue("repo"))
	})
	mux.HandleRouteFunc("https://:shop.example.com/files/:name", func(w http.ResponseWriter, r *http.Request, rt router.Route) {
		fmt.Fprintf(w, "%s: %q (%s), %s", rt.Pattern(), rt.PathValue("name"), rt.EscapedPathValue("name"),
			rt.Result().Hostname.Groups["shop"].Value)
	})

	for _, target := range []string{
		"http://example.com/repos/webstd/url/issues/23",
		"https://toys.example.com/files/read%20me.txt",
		"http://example.com/repos/webstd/url/issues/./23", // redirected, as with Handle
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		fmt.Println(rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	// Output:
	// 200 issue 23 of webstd/url
	// 200 https://:shop.example.com/files/:name: "read me.txt" (read%20me.txt), toys
	// 301 <a href="/repos/webstd/url/issues/23">Moved Permanently</a>.
}

// An authorization middleware in front of a ServeMux guards /admin by
// r.URL.Path, and the admin host by r.Host. The ServeMux routes a request
// only when the path and host it matches are the ones the middleware read,
// so the other spellings of /admin are redirected to the one the
// middleware then refuses, and a path that r.URL.Path and the URL read
// differently is refused.
func ExampleServeMux_authMiddleware() {
	mux := router.NewServeMux()
	mux.HandleFunc("http://admin.example.com/*", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "admin host")
	})
	mux.HandleFunc("/admin{/*}?", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "admin area")
	})
	mux.HandleFunc("/*", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "public page")
	})
	auth := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			admin := r.URL.Path == "/admin" || strings.HasPrefix(r.URL.Path, "/admin/") || r.Host == "admin.example.com"
			if admin && r.Header.Get("Authorization") != "Bearer s3cret" {
				http.Error(w, "forbidden", http.StatusForbidden)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	h := auth(mux)

	// get serves the request as net/http's server reads it from the
	// connection, and follows a redirect once.
	var get func(target, host string) string
	get = func(target, host string) string {
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(
			"GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")))
		if err != nil {
			return err.Error()
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		out := fmt.Sprint(rec.Code)
		if loc := rec.Header().Get("Location"); loc != "" {
			next, _ := url.MustParse("http://" + host + target).Parse(loc)
			path := strings.TrimPrefix(next.Href(), next.Origin().String())
			return out + " " + loc + " -> " + get(path, next.Host())
		}
		return out + " " + strings.TrimSpace(rec.Body.String())
	}
	for _, target := range []string{
		"/public/x",
		"/admin",
		"/public/../admin",
		"/public/%2e%2e/admin",
		"/public/.%2E/admin",
		`/files\..\admin/x`,
		"/public/..%2F..%2Fadmin",
	} {
		fmt.Printf("%-24s %s\n", target, get(target, "example.com"))
	}
	for _, host := range []string{"%61dmin.example.com", "admin%2Eexample.com", "ADMIN.example.com"} {
		fmt.Printf("Host: %-19s %s\n", host, get("/x", host))
	}
	// Output:
	// /public/x                200 public page
	// /admin                   403 forbidden
	// /public/../admin         301 /admin -> 403 forbidden
	// /public/%2e%2e/admin     301 /admin -> 403 forbidden
	// /public/.%2E/admin       301 /admin -> 403 forbidden
	// /files\..\admin/x        301 /admin/x -> 403 forbidden
	// /public/..%2F..%2Fadmin  400 400 Bad Request
	// Host: %61dmin.example.com 301 //admin.example.com/x -> 403 forbidden
	// Host: admin%2Eexample.com 301 //admin.example.com/x -> 403 forbidden
	// Host: ADMIN.example.com   301 //admin.example.com/x -> 403 forbidden
}

// A path value is percent-decoded, as net/http's are; EscapedPathValue
// gives it as the pattern matched it, in which "%3F" was no "?" and "%25"
// no percent sign.
func ExampleEscapedPathValue() {
	mux := router.NewServeMux()
	mux.HandleFunc("/files/:name", func(w http.ResponseWriter, r *http.Request) {
		fmt.Printf("%q %q\n", r.PathValue("name"), router.EscapedPathValue(r, "name"))
	})
	for _, target := range []string{"/files/a%20b.txt", "/files/why%3F", "/files/100%25"} {
		mux.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "http://example.com"+target, nil))
	}
	// Output:
	// "a b.txt" "a%20b.txt"
	// "why?" "why%3F"
	// "100%" "100%25"
}
