// A report as a format-neutral document of headings, paragraphs, lists, tables, preformatted
// text and plots, and the same facts as data. The Markdown and HTML reports render its blocks,
// the JSON report its data, and the sections that write one write the other, so no format can
// leave out a section another has; each format escapes the text by its style.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace fpv::doc {

enum class Style : unsigned char {
    plain,   // written by fpverify: Markdown as is, HTML escaped
    user,    // from users and files (names, hosts, paths): escaped in every format
    code,    // a code span
    strong,  // emphasised (verdicts)
};

struct Span {
    Style style = Style::plain;
    std::string text;
};

// A run of styled text: Text("3 inputs, ").code("div64.emu_nr").plain(" failed").
class Text {
public:
    Text() = default;
    Text(std::string plain_text) { plain(std::move(plain_text)); }  // NOLINT: plain text reads naturally
    Text(const char* plain_text) { plain(plain_text); }              // NOLINT
    Text& plain(std::string s) { return add(Style::plain, std::move(s)); }
    Text& user(std::string s) { return add(Style::user, std::move(s)); }
    Text& code(std::string s) { return add(Style::code, std::move(s)); }
    Text& strong(std::string s) { return add(Style::strong, std::move(s)); }
    Text& append(const Text& more) {
        spans_.insert(spans_.end(), more.spans_.begin(), more.spans_.end());
        return *this;
    }
    const std::vector<Span>& spans() const { return spans_; }
    bool empty() const { return spans_.empty(); }

private:
    Text& add(Style style, std::string s) {
        if (!s.empty()) spans_.push_back({style, std::move(s)});
        return *this;
    }
    std::vector<Span> spans_;
};

struct Table {
    Table(std::string table_name, std::vector<Text> heads, std::string alignment)
        : name(std::move(table_name)), head(std::move(heads)), align(std::move(alignment)) {}
    std::string name;                 // HTML's data-table attribute, for tests and stylesheets
    std::vector<Text> head;
    std::string align;                // per column: 'l' or 'r'
    std::vector<std::vector<Text>> rows;
    std::vector<std::string> row_class;  // HTML class per row ("fail", "worse"), may be shorter
};

struct Block {
    enum class Kind : unsigned char { heading, paragraph, list, numbered, table, preformatted, plot };
    Kind kind = Kind::paragraph;
    int level = 0;             // headings: 1 to 4; lists: nesting depth from 0
    Text text;                 // heading, paragraph
    std::vector<Text> items;   // lists
    Table table{"", {}, ""};
    std::string preformatted;  // preformatted text; a plot's text form for Markdown ("" for none)
    std::string svg;           // a plot: one inline <svg> element
};

class Document {
public:
    Document();
    Document(Document&&) noexcept;
    Document& operator=(Document&&) noexcept;
    ~Document();

    // The facts as a JSON document (an object), for the JSON report.
    nlohmann::json& data() { return *data_; }
    const nlohmann::json& data() const { return *data_; }

    void heading(int level, Text t) {
        Block& b = add(Block::Kind::heading);
        b.level = level;
        b.text = std::move(t);
    }
    void paragraph(Text t) { add(Block::Kind::paragraph).text = std::move(t); }
    void list(std::vector<Text> items, int depth = 0) {
        Block& b = add(Block::Kind::list);
        b.level = depth;
        b.items = std::move(items);
    }
    void numbered(std::vector<Text> items) { add(Block::Kind::numbered).items = std::move(items); }
    void table(Table t) { add(Block::Kind::table).table = std::move(t); }
    void preformatted(std::string text) { add(Block::Kind::preformatted).preformatted = std::move(text); }
    // A plot: `svg` in HTML; in Markdown its text form (a preformatted block), or nothing.
    void plot(std::string svg, std::string text_form = "") {
        Block& b = add(Block::Kind::plot);
        b.svg = std::move(svg);
        b.preformatted = std::move(text_form);
    }
    const std::vector<Block>& blocks() const { return blocks_; }

private:
    Block& add(Block::Kind kind) {
        blocks_.emplace_back();
        blocks_.back().kind = kind;
        return blocks_.back();
    }
    std::vector<Block> blocks_;
    std::unique_ptr<nlohmann::json> data_;
};

std::string to_markdown(const Document& d);
std::string to_json(const Document& d);
// A whole self-contained page: inline style, no script, no external asset.
std::string to_html(const Document& d, const std::string& title);
std::string html_escape(const std::string& s);

}  // namespace fpv::doc
