#include "CLineEditor.h"

#include <fcntl.h>
#include <histedit.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

struct ditutor_line_editor {
  EditLine *el;
  History *history;
  FILE *in;
  FILE *out;
  char *prompt;
  int interrupted;
  int completion_result;
  ditutor_complete_callback complete;
  void *complete_context;
};

static ditutor_line_editor *editor_of(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return (ditutor_line_editor *)data;
}

static char *prompt_of(EditLine *el) {
  ditutor_line_editor *editor = editor_of(el);
  return editor && editor->prompt ? editor->prompt : "";
}

// Bound to Ctrl-C. The terminal's ISIG flag is off while editing, so Ctrl-C arrives as a key
// instead of a signal: the line is abandoned and the REPL keeps running.
static unsigned char on_interrupt(EditLine *el, int ch) {
  (void)ch;
  ditutor_line_editor *editor = editor_of(el);
  if (editor) editor->interrupted = 1;
  return CC_NEWLINE;
}

static unsigned char on_complete(EditLine *el, int ch) {
  (void)ch;
  ditutor_line_editor *editor = editor_of(el);
  if (!editor || !editor->complete) return CC_ERROR;
  const LineInfo *info = el_line(el);
  size_t length = (size_t)(info->cursor - info->buffer);
  char *before = malloc(length + 1);
  if (!before) return CC_ERROR;
  memcpy(before, info->buffer, length);
  before[length] = '\0';
  editor->completion_result = CC_ERROR;  // a beep unless the callback inserts or shows something
  editor->complete(editor->complete_context, editor, before);
  free(before);
  return (unsigned char)editor->completion_result;
}

ditutor_line_editor *ditutor_line_editor_open(const char *program_name, int input_fd,
                                              int output_fd, int history_size) {
  // Multibyte input (an accented name, an emoji) needs a UTF-8 character type.
  const char *ctype = setlocale(LC_CTYPE, "");
  if (!ctype || strcmp(ctype, "C") == 0 || strcmp(ctype, "POSIX") == 0) {
    setlocale(LC_CTYPE, "C.UTF-8");
  }

  ditutor_line_editor *editor = calloc(1, sizeof *editor);
  if (!editor) return NULL;
  editor->in = fdopen(dup(input_fd), "r");
  editor->out = fdopen(dup(output_fd), "w");
  if (!editor->in || !editor->out) {
    ditutor_line_editor_close(editor);
    return NULL;
  }
  editor->el = el_init(program_name, editor->in, editor->out, stderr);
  editor->history = history_init();
  if (!editor->el || !editor->history) {
    ditutor_line_editor_close(editor);
    return NULL;
  }
  HistEvent event;
  history(editor->history, &event, H_SETSIZE, history_size);
  history(editor->history, &event, H_SETUNIQUE, 1);

  el_set(editor->el, EL_CLIENTDATA, editor);
  el_set(editor->el, EL_EDITOR, "emacs");
  el_set(editor->el, EL_SIGNAL, 1);
  el_set(editor->el, EL_PROMPT, prompt_of);
  el_set(editor->el, EL_HIST, history, editor->history);
  el_set(editor->el, EL_SETTY, "-d", "-isig", NULL);
  el_set(editor->el, EL_ADDFN, "ditutor-interrupt", "Abandon the line", on_interrupt);
  el_set(editor->el, EL_BIND, "^C", "ditutor-interrupt", NULL);
  el_set(editor->el, EL_ADDFN, "ditutor-complete", "Complete the word", on_complete);
  el_set(editor->el, EL_BIND, "^I", "ditutor-complete", NULL);
  // The learner's own ~/.editrc (vi mode, extra bindings) still applies.
  el_source(editor->el, NULL);
  // libedit's `ed-command` (Alt-x in emacs mode, `:` in vi command mode) opens a prompt for
  // editor commands that crashes libedit on some input (a lone quote). Nothing a learner needs
  // is there: those keys only beep. Bound after ~/.editrc, so it cannot bring them back.
  el_set(editor->el, EL_BIND, "\\ex", "ed-unassigned", NULL);
  el_set(editor->el, EL_BIND, "\\eX", "ed-unassigned", NULL);
  el_set(editor->el, EL_BIND, "-a", ":", "ed-unassigned", NULL);
  return editor;
}

void ditutor_line_editor_close(ditutor_line_editor *editor) {
  if (!editor) return;
  if (editor->el) el_end(editor->el);
  if (editor->history) history_end(editor->history);
  if (editor->in) fclose(editor->in);
  if (editor->out) fclose(editor->out);
  free(editor->prompt);
  free(editor);
}

void ditutor_line_editor_set_completion(ditutor_line_editor *editor,
                                        ditutor_complete_callback callback, void *context) {
  editor->complete = callback;
  editor->complete_context = context;
}

ditutor_read_status ditutor_line_editor_read(ditutor_line_editor *editor, const char *prompt,
                                             char **line) {
  *line = NULL;
  free(editor->prompt);
  editor->prompt = strdup(prompt ? prompt : "");
  editor->interrupted = 0;

  int count = 0;
  const char *text = el_gets(editor->el, &count);
  if (editor->interrupted) {
    fputs("^C\n", editor->out);
    fflush(editor->out);
    el_reset(editor->el);
    return DITUTOR_READ_INTERRUPTED;
  }
  if (!text || count <= 0) return DITUTOR_READ_END;

  size_t length = (size_t)count;
  while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == '\r')) length--;
  *line = malloc(length + 1);
  if (!*line) return DITUTOR_READ_END;
  memcpy(*line, text, length);
  (*line)[length] = '\0';
  return DITUTOR_READ_LINE;
}

int ditutor_line_editor_insert(ditutor_line_editor *editor, const char *text) {
  if (el_insertstr(editor->el, text) != 0) return -1;
  editor->completion_result = CC_REFRESH;
  return 0;
}

void ditutor_line_editor_show(ditutor_line_editor *editor, const char *text) {
  fputs("\n", editor->out);
  fputs(text, editor->out);
  fflush(editor->out);
  editor->completion_result = CC_REDISPLAY;
}

int ditutor_line_editor_history_add(ditutor_line_editor *editor, const char *line) {
  HistEvent event;
  return history(editor->history, &event, H_ENTER, line);
}

const char *ditutor_line_editor_history_last(ditutor_line_editor *editor) {
  HistEvent event;
  if (history(editor->history, &event, H_FIRST) != 0) return NULL;
  return event.str;
}

int ditutor_line_editor_history_load(ditutor_line_editor *editor, const char *path) {
  HistEvent event;
  return history(editor->history, &event, H_LOAD, path);
}

int ditutor_line_editor_history_save(ditutor_line_editor *editor, const char *path) {
  HistEvent event;
  return history(editor->history, &event, H_SAVE, path);
}

// libedit's history file is a header line, then one entry per line in strvis(3) encoding. This
// writes an entry the way strunvis(3) reads it back: white space, control characters and the
// backslash as three-digit octal escapes, everything else (UTF-8 included) as it is.
static size_t encode_history_line(const char *line, char *out) {
  size_t length = 0;
  for (const unsigned char *c = (const unsigned char *)line; *c; c++) {
    if (*c <= ' ' || *c == 0x7f || *c == '\\') {
      length += (size_t)sprintf(out + length, "\\%03o", *c);
    } else {
      out[length++] = (char)*c;
    }
  }
  out[length++] = '\n';
  return length;
}

int ditutor_line_editor_history_append(const char *path, const char *line) {
  static const char header[] = "_HiStOrY_V2_\n";
  int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
  if (fd < 0) return -1;
  size_t capacity = strlen(line) * 4 + 2;
  char *encoded = malloc(capacity);
  if (!encoded) {
    close(fd);
    return -1;
  }
  size_t length = encode_history_line(line, encoded);
  struct stat info;
  int status = 0;
  // One write each, with O_APPEND: two ditutors on one checkout interleave whole lines.
  if (fstat(fd, &info) == 0 && info.st_size == 0 && write(fd, header, sizeof header - 1) < 0) status = -1;
  if (status == 0 && write(fd, encoded, length) != (ssize_t)length) status = -1;
  free(encoded);
  close(fd);
  return status;
}

void ditutor_line_editor_discard_typeahead(ditutor_line_editor *editor) {
  tcflush(fileno(editor->in), TCIFLUSH);
}
