import Foundation

/// The gradebook as one self-contained page, to project in class or share: inline CSS and a
/// little inline script, nothing fetched.
///
/// The table is the whole of it: a row per learner (their name sticks to the left edge), a
/// column per exercise under a rotated name (it sticks to the top), so thirty learners by thirty
/// exercises fit a 1280×720 projector's width. Every result is a mark and a colour (the marks
/// alone tell it, for a black-and-white printout or a reader who cannot tell the colours apart),
/// and each row ends with the learner's problems in words: a rewritten shipped test, code that
/// does not compile, a crash, a timeout, a checkout that could not be graded, what grading did not
/// reach.
///
/// Without the script the page is the table in the order graded. The script adds sorting (by a
/// column heading: learner, passed count, one exercise's result, quizzes, problems) and an order
/// for the exercise columns (by how many learners passed each); both are also read from the
/// address's fragment, `#sort=passed&order=desc&columns=fewest-passed`, and written back to it,
/// so a sorted view can be bookmarked. It then notes on `<html>` how wide the page came out
/// (`data-scroll-width`), which the browser test reads.
extension GradebookReport {
  public static func html(_ entries: [Gradebook.Entry], exercises: [String], title: String) -> String {
    let passedBy = exercises.map { id in entries.filter { $0.exercises.contains { $0.exercise == id && $0.passed } }.count }
    let flagged = entries.filter { $0.exercises.contains { $0.testsChanged?.altersShippedTests == true } }.map(\.learner)

    var head = #"<th scope="col" class="learner" data-key="learner">Learner</th><th scope="col" class="num" data-key="passed">Passed</th>"#
    for (index, id) in exercises.enumerated() {
      let name = escape(id)
      head +=
        #"<th scope="col" class="ex" data-key="ex:\#(name)" data-n="\#(index)" data-passed="\#(passedBy[index])" "#
        + #"title="\#(index + 1) · \#(name): passed by \#(passedBy[index]) of \#(entries.count)"><span class="v">\#(name)</span></th>"#
    }
    // `grade --review`: the learner's review notes, a column of its own, sortable as the rest.
    let reviewed = entries.contains { $0.reviewNotes != nil }
    if reviewed {
      head += #"<th scope="col" class="num" data-key="review" title="review notes over every exercise (ditutor review shows them)">Review</th>"#
    }
    head += #"<th scope="col" class="num" data-key="quizzes">Quizzes</th><th scope="col" class="problems" data-key="problems">Problems</th>"#

    var rows = ""
    for entry in entries {
      rows += #"<tr><th scope="row"\#(entry.problem == nil ? "" : #" class="broken""#) title="\#(escape(entry.learner))"><span class="name">\#(escape(entry.learner))</span></th>"#
      rows += #"<td class="num" data-v="\#(entry.problem == nil ? entry.passed : -1)">\#(score(entry, of: exercises))</td>"#
      for id in exercises {
        let cell = HTMLCell(entry, id)
        rows +=
          #"<td class="c \#(cell.kind)" data-v="\#(cell.rank)" title="\#(escape(cell.title))">"#
          + #"<span aria-hidden="true">\#(cell.mark)</span><span class="sr">\#(cell.words)</span></td>"#
      }
      if reviewed {
        rows += #"<td class="num" data-v="\#(entry.reviewNotes ?? -1)">\#(entry.reviewNotes.map(String.init) ?? "")</td>"#
      }
      let quiz = quizTotal(entry)
      rows += #"<td class="num" data-v="\#(quiz.map { String(format: "%.4f", $0.fraction) } ?? "-1")""#
      rows += quiz.map { #" title="\#(escape(quizzes(entry)))">\#($0.text)<span class="sr"> (\#(escape(quizzes(entry))))</span></td>"# } ?? "></td>"
      let problems = htmlProblems(entry)
      rows += #"<td class="problems" data-v="\#(problems.count)">"#
      if !problems.isEmpty {
        rows += "<ul>" + problems.map { #"<li class="\#($0.kind)"><span class="m" aria-hidden="true">\#($0.mark)</span> \#(escape($0.text))</li>"# }.joined() + "</ul>"
      }
      rows += "</td></tr>\n"
    }

    let foot =
      #"<tr><th scope="row">Passed by</th><td class="num">\#(entries.map(\.passed).reduce(0, +))</td>"#
      + passedBy.map { #"<td class="c" data-v="\#($0)">\#($0)</td>"# }.joined()
      + (reviewed ? #"<td class="num">\#(entries.compactMap(\.reviewNotes).reduce(0, +))</td>"# : "") + "<td></td><td></td></tr>"
    let passes = entries.map(\.passed).reduce(0, +)
    let caption =
      "\(entries.count) learner\(entries.count == 1 ? "" : "s") · \(exercises.count) exercise\(exercises.count == 1 ? "" : "s") · "
      + "\(passes) of \(entries.count * exercises.count) passed"
    var notices = ""
    if let incomplete = incompleteNotice(entries, exercises: exercises) {
      notices += #"<p class="warn">\#(escape(incomplete))</p>"# + "\n"
    }
    if !flagged.isEmpty {
      notices += #"<p class="flagged"><span class="m" aria-hidden="true">!</span> Changed shipped tests: \#(escape(flagged.joined(separator: ", "))).</p>"# + "\n"
    }
    let broken = entries.filter { $0.problem != nil }.map(\.learner)
    if !broken.isEmpty {
      notices += #"<p class="warn">Could not be graded: \#(escape(broken.joined(separator: ", "))).</p>"# + "\n"
    }
    let legend = legendItems.map { #"<li><span class="m \#($0.kind)" aria-hidden="true">\#($0.mark)</span> \#($0.words)</li>"# }.joined()

    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(title))</title>
      <style>\(style)</style></head><body>
      <h1>\(escape(title))</h1>
      \(notices)<ul class="legend" aria-label="Legend">\(legend)</ul>
      <p class="tools" id="tools" hidden>Sort by a column: click its heading. Exercise columns: <button type="button" data-columns="course">course order</button> <button type="button" data-columns="most-passed">most passed first</button> <button type="button" data-columns="fewest-passed">fewest passed first</button></p>
      <table id="book">
      <caption>\(caption)</caption>
      <thead><tr>\(head)</tr></thead>
      <tbody>
      \(rows)</tbody>
      <tfoot>\(foot)</tfoot>
      </table>
      <script>\(script)</script>
      </body></html>

      """
  }

  private static func escape(_ text: String) -> String { JUnitReport.escape(text) }

  /// How one exercise of one learner shows: its class (the colour), its mark, the mark in words
  /// (for screen readers and the legend), a rank to sort by (best first) and a tooltip.
  struct HTMLCell {
    var kind: String
    var mark: String
    var words: String
    var rank: Int
    var title: String

    init(_ entry: Gradebook.Entry, _ id: String) {
      let look: (kind: String, mark: String, words: String, rank: Int)
      if let grade = entry.exercises.first(where: { $0.exercise == id }) {
        let plain = GradebookReport.looks(grade.passed ? .passed : grade.status)
        look = grade.testsChanged?.altersShippedTests == true ? ("flag", plain.mark + "!", plain.words + ", shipped tests changed", 1) : plain
        title = "\(entry.learner) · \(id): \(look.words)" + (grade.note.map { ": " + $0 } ?? "")
      } else if entry.notGraded?.contains(id) == true {
        look = ("skip", "–", "not graded", 0)
        title = "\(entry.learner) · \(id): not graded, grading was stopped"
      } else {
        look = ("none", "–", "no result", -1)
        title = "\(entry.learner) · \(id): " + (entry.problem ?? "no result")
      }
      kind = look.kind
      mark = look.mark
      words = look.words
      rank = look.rank
    }
  }

  /// An exercise's verdict as class, mark, words and rank.
  static func looks(_ status: Verdict.Status) -> (kind: String, mark: String, words: String, rank: Int) {
    switch status {
    case .passed: ("pass", "✓", "passed", 6)
    case .failed: ("fail", "✗", "failed", 5)
    case .compileError: ("build", "⚙", "does not compile", 4)
    case .crashed: ("crash", "↯", "crashed", 3)
    case .timedOut: ("time", "◷", "timed out", 2)
    case .cancelled: ("skip", "–", "not graded", 0)
    }
  }

  static let legendItems: [(kind: String, mark: String, words: String)] = [
    ("pass", "✓", "passed the shipped tests"),
    ("fail", "✗", "failed"),
    ("build", "⚙", "does not compile"),
    ("crash", "↯", "crashed"),
    ("time", "◷", "timed out"),
    ("flag", "!", "changed the shipped tests (graded against the shipped ones)"),
    ("skip", "–", "not graded"),
  ]

  /// The quiz scores added up, `12/15`, and as a fraction to sort by; nil when the learner took
  /// none.
  static func quizTotal(_ entry: Gradebook.Entry) -> (text: String, fraction: Double)? {
    let scores = entry.quizzes.values.compactMap { score -> (Int, Int)? in
      let parts = score.split(separator: "/").compactMap { Int($0) }
      return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
    guard !scores.isEmpty else { return nil }
    let (best, questions) = scores.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
    return ("\(best)/\(questions)", questions == 0 ? 0 : Double(best) / Double(questions))
  }

  /// One learner's problems, worst first, each with its mark: what the Problems column lists.
  static func htmlProblems(_ entry: Gradebook.Entry) -> [(kind: String, mark: String, text: String)] {
    var problems: [(kind: String, mark: String, text: String)] = []
    if let problem = entry.problem { problems.append(("broken", "⊘", problem)) }
    let changed = entry.exercises.filter { $0.testsChanged?.altersShippedTests == true }.map(\.exercise)
    if !changed.isEmpty { problems.append(("flag", "!", "changed the shipped tests of " + changed.joined(separator: ", "))) }
    for status in [Verdict.Status.compileError, .crashed, .timedOut] {
      let ids = entry.exercises.filter { !$0.passed && $0.status == status }.map(\.exercise)
      if !ids.isEmpty {
        let look = looks(status)
        problems.append((look.kind, look.mark, look.words + ": " + ids.joined(separator: ", ")))
      }
    }
    if let notGraded = entry.notGraded {
      problems.append(("skip", "–", entry.exercises.isEmpty ? "not graded: grading was stopped" : "not graded: " + notGraded.joined(separator: ", ")))
    }
    return problems
  }

  static let style = #"""
    :root{color-scheme:light}
    *{box-sizing:border-box}
    body{font:14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:8px 12px;color:#1a1a1a;background:#fff}
    h1{font-size:20px;margin:0 0 4px}
    p{margin:0 0 6px}
    .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
    .legend{list-style:none;margin:0 0 6px;padding:0;display:flex;flex-wrap:wrap;gap:2px 14px;font-size:13px}
    .m{display:inline-block;min-width:1.5em;text-align:center;font-weight:700;border-radius:3px}
    .warn{border-left:5px solid #b3000c;background:#fdecec;padding:3px 8px}
    .flagged{border-left:5px solid #a66f00;background:#fff4c2;padding:3px 8px}
    .tools button{font:inherit;padding:0 6px;border:1px solid #888;border-radius:3px;background:#f6f6f6;cursor:pointer}
    .tools button[aria-pressed=true]{background:#1d4f91;color:#fff;border-color:#1d4f91}
    table{border-collapse:separate;border-spacing:0}
    caption{text-align:left;padding:0 0 4px;color:#444}
    th,td{border-right:1px solid #d4d4d4;border-bottom:1px solid #d4d4d4;padding:2px 5px;text-align:center}
    thead th{position:sticky;top:0;z-index:2;background:#eef0f3;vertical-align:bottom;border-top:1px solid #d4d4d4}
    thead th:first-child{left:0;z-index:3}
    tbody th,tfoot th{position:sticky;left:0;z-index:1;background:#fff;text-align:left;white-space:nowrap;border-left:1px solid #d4d4d4}
    th .name{display:block;max-width:11em;overflow:hidden;text-overflow:ellipsis}
    tfoot th,tfoot td{background:#eef0f3;font-weight:600;font-size:12px}
    th.ex{padding:4px 1px}
    th.ex .v{display:inline-block;writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;max-height:13em;overflow:hidden;text-overflow:ellipsis;font-weight:500;font-size:13px}
    td.c{min-width:25px;padding:2px 0;font-weight:700}
    td.num{text-align:right;white-space:nowrap;padding:2px 4px}
    th.num{padding:2px 4px}
    th.problems{text-align:left}
    td.problems{text-align:left;font-size:12.5px;min-width:12em}
    td.problems ul{list-style:none;margin:0;padding:0}
    tbody tr:hover>*{background-image:linear-gradient(rgba(29,79,145,.08),rgba(29,79,145,.08))}
    .pass{background:#dcf2dc;color:#175c1c}
    .fail{background:#f9d6d6;color:#9c1219}
    .build{background:#ffdfb8;color:#7d4300}
    .crash{background:#e9d9f6;color:#57237f}
    .time{background:#d5e4f7;color:#17457f}
    .flag{background:#ffd23f;color:#000;outline:2px dashed #8a5a00;outline-offset:-3px}
    .skip{background:repeating-linear-gradient(135deg,#eee 0 4px,#dcdcdc 4px 8px);color:#555}
    .none{color:#999}
    li.broken,th.broken{color:#9c1219;font-weight:700}
    th.broken{border-left:5px solid #b3000c}
    li.flag,li.pass,li.fail,li.build,li.crash,li.time,li.skip{background:none;outline:none}
    li .m.flag,li.flag .m{background:#ffd23f;color:#000}
    li.build .m{background:#ffdfb8}li.crash .m{background:#e9d9f6}li.time .m{background:#d5e4f7}li.skip .m{background:#e4e4e4}
    li.broken .m{background:#f9d6d6}
    .legend .m{outline:none}
    th button{font:inherit;color:inherit;background:none;border:0;padding:0;margin:0;cursor:pointer;text-align:inherit}
    th.ex button{display:flex;flex-direction:column;align-items:center}
    th button:focus-visible{outline:2px solid #1d4f91;outline-offset:1px}
    th[aria-sort]{background:#cfe0f6}
    th[aria-sort=ascending] button::after{content:"▲" / "";font-size:10px}
    th[aria-sort=descending] button::after{content:"▼" / "";font-size:10px}
    """#

  /// Sorting and column order, from a heading's click or the address's fragment; then the width
  /// the page came out, noted on `<html>`.
  static let script = #"""
    (function () {
      var root = document.documentElement, table = document.getElementById('book');
      var head = table.tHead.rows[0], body = table.tBodies[0];
      var state = {sort: null, order: null, columns: 'course'};
      Array.prototype.forEach.call(body.rows, function (row, i) { row.dataset.i = i; });
      function headings() { return Array.prototype.slice.call(head.cells); }
      function value(row, i, key) {
        var cell = row.cells[i];
        return key === 'learner' ? cell.textContent.trim() : Number(cell.getAttribute('data-v'));
      }
      function sortRows(key, order) {
        var i = headings().findIndex(function (th) { return th.dataset.key === key; });
        if (i < 0) return;
        var sign = order === 'asc' ? 1 : -1;
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = value(a, i, key), y = value(b, i, key);
          var c = typeof x === 'string' ? x.localeCompare(y, undefined, {numeric: true, sensitivity: 'base'}) : x - y;
          return sign * c || a.dataset.i - b.dataset.i;
        });
        rows.forEach(function (row) { body.appendChild(row); });
        headings().forEach(function (th) {
          if (th.dataset.key === key) th.setAttribute('aria-sort', order === 'asc' ? 'ascending' : 'descending');
          else th.removeAttribute('aria-sort');
        });
        state.sort = key; state.order = order;
      }
      function orderColumns(mode) {
        var all = headings(), first = all.findIndex(function (th) { return th.classList.contains('ex'); });
        if (first < 0) return;
        var ex = all.filter(function (th) { return th.classList.contains('ex'); });
        var n = function (th) { return Number(th.dataset.n); }, passed = function (th) { return Number(th.dataset.passed); };
        var wanted = ex.slice().sort(function (a, b) {
          if (mode === 'most-passed') return passed(b) - passed(a) || n(a) - n(b);
          if (mode === 'fewest-passed') return passed(a) - passed(b) || n(a) - n(b);
          return n(a) - n(b);
        }).map(function (th) { return ex.indexOf(th); });
        Array.prototype.forEach.call(table.rows, function (row) {
          var cells = Array.prototype.slice.call(row.cells, first, first + ex.length), after = row.cells[first + ex.length] || null;
          wanted.forEach(function (j) { row.insertBefore(cells[j], after); });
        });
        state.columns = mode;
        document.querySelectorAll('[data-columns]').forEach(function (button) {
          button.setAttribute('aria-pressed', String(button.dataset.columns === mode));
        });
      }
      function remember() {
        var params = new URLSearchParams();
        if (state.sort) { params.set('sort', state.sort); params.set('order', state.order); }
        if (state.columns !== 'course') params.set('columns', state.columns);
        history.replaceState(null, '', '#' + params.toString());
      }
      function measure() {
        root.setAttribute('data-scroll-width', root.scrollWidth);
        root.setAttribute('data-table-width', Math.ceil(table.getBoundingClientRect().width));
        root.setAttribute('data-sorted', (state.sort || '') + ' ' + (state.order || '') + ' ' + state.columns);
      }
      headings().forEach(function (th) {
        var button = document.createElement('button');
        button.type = 'button';
        while (th.firstChild) button.appendChild(th.firstChild);
        th.appendChild(button);
        button.addEventListener('click', function () {
          var key = th.dataset.key;
          var order = state.sort === key ? (state.order === 'asc' ? 'desc' : 'asc') : (key === 'learner' ? 'asc' : 'desc');
          sortRows(key, order); remember(); measure();
        });
      });
      document.querySelectorAll('[data-columns]').forEach(function (button) {
        button.addEventListener('click', function () { orderColumns(button.dataset.columns); remember(); measure(); });
      });
      document.getElementById('tools').hidden = false;
      var params = new URLSearchParams(location.hash.slice(1));
      orderColumns(params.get('columns') || 'course');
      if (params.get('sort')) {
        var key = params.get('sort');
        sortRows(key, params.get('order') || (key === 'learner' ? 'asc' : 'desc'));
      }
      measure();
    })();
    """#
}
