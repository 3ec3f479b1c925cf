// Package files holds a company's shared folders and files, their history,
// and the exports users take out of Portico: a thread as PDF, a thread's
// attachments as zip, and shared files as zip.
//
// Every call starts from the company as the viewer may see it
// (org.Directory); a record of another company is RECORD_NOT_FOUND, so
// nothing about it leaks. Abilities come from engine/access: a folder's
// category decides, for the folder and the files in it.
//
// The folder tree has one root folder per company category, made by the
// system and named after it; roots are neither renamed nor deleted. A
// subfolder belongs to its root's category, and moving a folder under another
// root moves its whole subtree into that category.
//
// Exports are requested here (a row in pdf_files or zip_files, then a job
// started through Starter) and built by Exporter, which the Temporal
// activities call; this package knows nothing of Temporal.
//
// It imports engine/access, engine/apperr, engine/notify, engine/org and engine/store; no
// edge (Temporal included: the Starter is an interface temporal/ implements).
package files
