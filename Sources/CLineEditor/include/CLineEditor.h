// A small C layer over libedit's native API.
//
// libedit configures itself through variadic functions (`el_set`, `history`) and C callbacks,
// neither of which Swift can call directly. This layer exposes a handful of fixed-signature
// functions instead; everything else (what to complete, where history lives) is decided in Swift.
#ifndef DITUTOR_CLINEEDITOR_H
#define DITUTOR_CLINEEDITOR_H

typedef struct ditutor_line_editor ditutor_line_editor;

typedef enum {
  DITUTOR_READ_LINE = 0,       // *line holds the text without its newline; free() it
  DITUTOR_READ_END = 1,        // Ctrl-D on an empty line, or the input closed
  DITUTOR_READ_INTERRUPTED = 2 // Ctrl-C: the line was abandoned
} ditutor_read_status;

/// Called when the learner presses Tab. `before_cursor` is the line up to the cursor (UTF-8).
/// The callback answers through `ditutor_line_editor_insert` and `ditutor_line_editor_show`.
typedef void (*ditutor_complete_callback)(void *context, ditutor_line_editor *editor,
                                          const char *before_cursor);

/// Opens an editor reading from `input_fd` and drawing on `output_fd`. NULL if libedit fails.
ditutor_line_editor *ditutor_line_editor_open(const char *program_name, int input_fd,
                                              int output_fd, int history_size);
void ditutor_line_editor_close(ditutor_line_editor *editor);

void ditutor_line_editor_set_completion(ditutor_line_editor *editor,
                                        ditutor_complete_callback callback, void *context);

/// Reads one line with `prompt`. Ctrl-C at the prompt abandons the line instead of raising SIGINT.
ditutor_read_status ditutor_line_editor_read(ditutor_line_editor *editor, const char *prompt,
                                             char **line);

/// During completion: inserts `text` at the cursor.
int ditutor_line_editor_insert(ditutor_line_editor *editor, const char *text);
/// During completion: prints `text` (candidates) on the lines below and redraws the prompt.
void ditutor_line_editor_show(ditutor_line_editor *editor, const char *text);

int ditutor_line_editor_history_add(ditutor_line_editor *editor, const char *line);
/// The most recent history entry, or NULL. Valid until the next history call.
const char *ditutor_line_editor_history_last(ditutor_line_editor *editor);
int ditutor_line_editor_history_load(ditutor_line_editor *editor, const char *path);
int ditutor_line_editor_history_save(ditutor_line_editor *editor, const char *path);
/// Appends one entry to a history file in libedit's format (creating it, with its header, if
/// needed), so every line survives the session being killed.
int ditutor_line_editor_history_append(const char *path, const char *line);
/// Throws away input typed but not read yet (keys pressed while a command ran).
void ditutor_line_editor_discard_typeahead(ditutor_line_editor *editor);

#endif
