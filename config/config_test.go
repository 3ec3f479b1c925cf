package config

import "testing"

func TestTrustedProxies(t *testing.T) {
	t.Setenv("TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.1,::1")
	c, err := FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.TrustedProxies {
		got = append(got, p.String())
	}
	if len(got) != 3 || got[0] != "10.0.0.0/8" || got[1] != "192.0.2.1/32" || got[2] != "::1/128" {
		t.Fatalf("TrustedProxies = %v", got)
	}
	t.Setenv("TRUSTED_PROXIES", "10.0.0.0/8,proxy.internal")
	if _, err := FromEnv(); err == nil {
		t.Fatal("a name that is not an address was accepted")
	}
}
