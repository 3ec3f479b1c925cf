// Package gosource reads Portico's own Go source for the tests that derive a
// list from the code rather than by hand: the error keys the server can send
// (engine/apperr) and the events-log kinds it can write (engine/audit). It
// parses every non-test file of the module and follows an expression back to
// the string constants it can hold: through constants, concatenations, local
// variables, the arguments callers pass for a parameter, the results of the
// functions it comes from and the values a struct's field is given (in
// literals of its type, assignments, or the list a range walks).
//
// Only tests use it. It imports the standard library and
// golang.org/x/tools/go/ast/astutil; no Portico package.
package gosource
