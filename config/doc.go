// Package config reads Portico's configuration from the environment. Secrets
// come only from here, never from the code.
//
// It imports only the standard library. Every variable it reads is listed in
// docs/configuration.md, which a test in docs/ keeps exact.
package config
