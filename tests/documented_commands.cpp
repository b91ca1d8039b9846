#include "tests/documented_commands.h"

#include <cstdlib>
#include <regex>
#include <sstream>

namespace fpv::testing {
namespace {

std::string trimmed(const std::string& s) {
    const size_t first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

enum class Fence { none, script, transcript };

// A ```sh block is a script, every line a command; a ```console block a transcript, where a
// line "$ " begins a command and the lines that follow it (but its continuations) are output.
Fence opening_fence(const std::string& line) {
    const std::string t = trimmed(line);
    if (t == "```sh" || t == "```bash") return Fence::script;
    if (t == "```console") return Fence::transcript;
    return Fence::none;
}

// Where a shell reads a line: the part before an unquoted comment, and that comment; whether
// the line leaves a quote open or ends in a continuation backslash. `quote` carries an open
// quote from one line to the next.
struct ShellLine {
    std::string code, comment;
    bool continues = false;
};

ShellLine read_shell_line(const std::string& line, char& quote) {
    ShellLine out;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quote != 0) {
            if (c == quote) quote = 0;
            out.code += c;
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
            out.comment = trimmed(line.substr(i + 1));
            break;
        }
        out.code += c;
    }
    std::string code = out.code;
    while (!code.empty() && (code.back() == ' ' || code.back() == '\t')) code.pop_back();
    if (quote == 0 && !code.empty() && code.back() == '\\') {
        code.pop_back();
        out.continues = true;
    }
    out.code = code;
    out.continues = out.continues || quote != 0;
    return out;
}

int documented_status(const std::string& comment) {
    static const std::regex exit_status(R"(^exit ([0-9]+)\b.*)");
    std::smatch m;
    return std::regex_match(comment, m, exit_status) ? std::atoi(m[1].str().c_str()) : 0;
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string why_it_cannot_run(const std::string& command) {
    const std::vector<std::string> w = words(command);
    for (size_t i = 0; i < w.size(); ++i) {
        const bool starts_command = i == 0 || w[i - 1] == "do" || w[i - 1] == ";" || w[i - 1] == "&&";
        if (starts_command && w[i] == "make") return "it builds (make)";
        if (w[i] == "mpirun") return "it needs MPI (mpirun)";
        if (w[i] == "mufu-dump" || w[i] == "fpverify_gpu_tests" || (w[i] == "--backend" && i + 1 < w.size() && w[i + 1] == "gpu"))
            return "it needs a GPU";
    }
    return "";
}

}  // namespace

std::vector<DocumentedBlock> documented_blocks(const std::string& markdown) {
    std::vector<DocumentedBlock> blocks;
    std::istringstream in(markdown);
    std::string line;
    int number = 0;
    Fence inside = Fence::none;
    char quote = 0;
    DocumentedCommand pending;
    bool has_pending = false;
    while (std::getline(in, line)) {
        ++number;
        if (inside == Fence::none) {
            inside = opening_fence(line);
            if (inside != Fence::none) blocks.push_back({.line = number, .commands = {}, .skipped_because = ""});
            continue;
        }
        if (quote == 0 && !has_pending && trimmed(line) == "```") {
            inside = Fence::none;
            continue;
        }
        if (inside == Fence::transcript && !has_pending) {
            const std::string t = trimmed(line);
            if (t.rfind("$ ", 0) != 0) continue;  // output
            line = t.substr(2);
        }
        const bool was_quoted = quote != 0;
        const ShellLine shell = read_shell_line(line, quote);
        if (!has_pending && trimmed(shell.code).empty()) continue;  // a blank line or a comment of its own
        if (!has_pending) {
            pending = {.line = number, .text = trimmed(shell.code), .expected_status = 0};
        } else {
            // A quoted text goes on as written; a continuation backslash stands for a space.
            pending.text += was_quoted ? "\n" + shell.code : " " + trimmed(shell.code);
        }
        if (!shell.comment.empty()) pending.expected_status = documented_status(shell.comment);
        has_pending = shell.continues;
        if (!has_pending) {
            DocumentedBlock& block = blocks.back();
            if (block.skipped_because.empty()) block.skipped_because = why_it_cannot_run(pending.text);
            block.commands.push_back(pending);
        }
    }
    return blocks;
}

namespace {

// The command with each value that `option` matches replaced by what `replace` makes of it.
template <class Replace>
std::string with_values_replaced(const std::string& command, const std::regex& option, Replace replace) {
    std::string out;
    auto from = command.cbegin();
    for (std::sregex_iterator it(command.begin(), command.end(), option), end; it != end; ++it) {
        out.append(from, (*it)[2].first);
        out += replace((*it)[2].str());
        from = (*it)[2].second;
    }
    out.append(from, command.cend());
    return out;
}

}  // namespace

std::string capped(const std::string& command) {
    static const std::regex budget(R"((--for[ =])([^ ;]+))");
    if (std::regex_search(command, budget))
        return with_values_replaced(command, budget, [](const std::string&) { return std::string("1s"); });
    static const std::regex count(R"((--count[ =])([^ ;]+))");
    if (!std::regex_search(command, count)) {
        // A run without --count runs the default count (10^6 inputs a unit): capped too.
        static const std::regex run(R"((^|[ ;(])(\$fpv|fpverify|build/release/fpverify)( run)\b)");
        return std::regex_replace(command, run, std::string("$1$2$3 --count ") + kCountCapText);
    }
    return with_values_replaced(command, count, [](const std::string& value) {
        char* stop = nullptr;
        const double n = std::strtod(value.c_str(), &stop);
        return stop != value.c_str() && *stop == '\0' && n <= kCountCap ? value : std::string(kCountCapText);
    });
}

}  // namespace fpv::testing
