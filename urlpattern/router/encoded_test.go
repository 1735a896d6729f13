package router

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestEncodedLetterNotRoutedPast checks that a ServeMux does not route a
// path whose letters are percent-encoded ("/adm%69n/secret") past the
// route "/admin/*" to a catch-all route, whose handler would read
// r.URL.Path "/admin/secret": an authorization attached to the "/admin/*"
// route would be bypassed by a handler of the catch-all that serves
// r.URL.Path (http.FileServer). It redirects such a path to its normal
// form, and refuses an encoded "/".
func TestEncodedLetterNotRoutedPast(t *testing.T) {
	mux := NewServeMux()
	mux.HandleFunc("/admin/*", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "forbidden", http.StatusForbidden) // the route's own authorization
	})
	mux.HandleFunc("/*", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "served "+r.URL.Path) // as http.FileServer serves r.URL.Path
	})
	for _, target := range []string{"/adm%69n/secret", "/%61dmin/secret", "/admin%2Fsecret"} {
		r := rawRequest("GET", target, "example.com")
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, r)
		if body := rec.Body.String(); rec.Code == http.StatusOK && strings.HasPrefix(body, "served /admin/") {
			t.Errorf("GET %s: routed to %q, whose handler reads r.URL.Path %q, which the route %q matches: %s",
				target, r.Pattern, r.URL.Path, "/admin/*", body)
		}
	}
}
