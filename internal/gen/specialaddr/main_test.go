package main

import (
	"net/netip"
	"testing"
)

// TestReadRegistry reads rows in the shapes the registries' CSV files
// have: a quoted name with doubled quotes, footnote marks, two blocks in
// one cell, a reference over two lines, and the blank cells of a
// terminated row.
func TestReadRegistry(t *testing.T) {
	const data = "Address Block,Name,RFC,Allocation Date,Termination Date,Source,Destination,Forwardable,Globally Reachable,Reserved-by-Protocol\r\n" +
		"0.0.0.0/8,\"\"\"This network\"\"\",\"[RFC791], Section 3.2\",1981-09,N/A,True,False,False,False,True\r\n" +
		"192.0.0.0/24 [2],IETF Protocol Assignments,\"[RFC6890], Section 2.1\",2010-01,N/A,False,False,False,False,False\r\n" +
		"\"192.0.0.170/32, 192.0.0.171/32\",NAT64/DNS64 Discovery,\"[RFC8880][RFC7050], Section 2.2\",2013-02,N/A,False,False,False,False,True\r\n" +
		"2001::/32,TEREDO,\"[RFC4380]\n        [RFC8190]\",2006-01,N/A,True,True,True,N/A [2],False\r\n" +
		"192.88.99.0/24,Deprecated (6to4 Relay Anycast),[RFC7526],2001-06,2015-03,,,,,\r\n"
	rows, err := readRegistry([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := []row{
		{netip.MustParsePrefix("0.0.0.0/8"), "This network", "RFC 791, Section 3.2"},
		{netip.MustParsePrefix("192.0.0.0/24"), "IETF Protocol Assignments", "RFC 6890, Section 2.1"},
		{netip.MustParsePrefix("192.0.0.170/32"), "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050, Section 2.2"},
		{netip.MustParsePrefix("192.0.0.171/32"), "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050, Section 2.2"},
		{netip.MustParsePrefix("2001::/32"), "TEREDO", "RFC 4380, RFC 8190"},
		{netip.MustParsePrefix("192.88.99.0/24"), "Deprecated (6to4 Relay Anycast)", "RFC 7526"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %v", len(rows), len(want), rows)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, rows[i], want[i])
		}
	}
	if _, err := readRegistry([]byte("Name,RFC\nx,y\n")); err == nil {
		t.Error("a file without an Address Block column is read")
	}
	if _, err := readRegistry([]byte("Address Block,Name,RFC\n10.0.0.1/8,x,y\n")); err == nil {
		t.Error("a block that does not start at its first address is read")
	}
}
