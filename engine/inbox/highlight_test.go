package inbox

import "testing"

func TestMarkHighlight(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"one language", "the [[[invoice]]] is due", "the <mark>invoice</mark> is due"},
		{"matched by three languages", "the [[[[[[[[[invoice]]]]]]]]] is due", "the <mark>invoice</mark> is due"},
		{"two words", "[[[palkka]]] ja [[[[[[lomake]]]]]]", "<mark>palkka</mark> ja <mark>lomake</mark>"},
		{"markup is escaped", `<b>[[[x]]]</b> & "y"`, "&lt;b&gt;<mark>x</mark>&lt;/b&gt; &amp; &#34;y&#34;"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := markHighlight(tc.in); got != tc.want {
				t.Fatalf("markHighlight(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
