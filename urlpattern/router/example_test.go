package router_test

import (
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
