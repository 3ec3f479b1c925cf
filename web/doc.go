// Package web embeds the built React app (web/dist) into the Go binary.
//
// It imports only the standard library (embed).
package web
