#include "reports/report_document.h"

#include <sstream>

#include <nlohmann/json.hpp>

#include "model/json_text.h"
#include "model/text_format.h"

namespace fpv::doc {

Document::Document() : data_(std::make_unique<nlohmann::json>(nlohmann::json::object())) {}
Document::Document(Document&&) noexcept = default;
Document& Document::operator=(Document&&) noexcept = default;
Document::~Document() = default;

std::string to_json(const Document& d) { return json_text(d.data()); }

namespace {

std::string markdown_of(const Text& t, bool in_cell) {
    std::string out;
    for (const Span& s : t.spans()) {
        switch (s.style) {
            case Style::plain: out += in_cell ? markdown_cell(s.text) : s.text; break;
            case Style::user: out += markdown_text(s.text); break;
            case Style::code: out += in_cell ? markdown_cell(markdown_code(s.text)) : markdown_code(s.text); break;
            case Style::strong: out += "**" + (in_cell ? markdown_cell(s.text) : s.text) + "**"; break;
        }
    }
    return out;
}

std::string html_of(const Text& t) {
    std::string out;
    for (const Span& s : t.spans()) {
        switch (s.style) {
            case Style::plain:
            case Style::user: out += html_escape(s.text); break;
            case Style::code: out += "<code>" + html_escape(s.text) + "</code>"; break;
            case Style::strong: out += "<strong>" + html_escape(s.text) + "</strong>"; break;
        }
    }
    return out;
}

void markdown_table(std::ostringstream& o, const Table& t) {
    o << "|";
    for (const Text& h : t.head) o << " " << markdown_of(h, true) << " |";
    o << "\n|";
    for (size_t i = 0; i < t.head.size(); ++i) o << (i < t.align.size() && t.align[i] == 'r' ? "---:|" : "---|");
    o << "\n";
    for (const std::vector<Text>& row : t.rows) {
        o << "|";
        for (const Text& cell : row) o << " " << markdown_of(cell, true) << " |";
        o << "\n";
    }
    o << "\n";
}

void html_table(std::ostringstream& o, const Table& t) {
    o << "<table data-table=\"" << html_escape(t.name) << "\">\n<thead><tr>";
    for (size_t i = 0; i < t.head.size(); ++i) o << "<th>" << html_of(t.head[i]) << "</th>";
    o << "</tr></thead>\n<tbody>\n";
    for (size_t r = 0; r < t.rows.size(); ++r) {
        const std::string cls = r < t.row_class.size() ? t.row_class[r] : "";
        o << (cls.empty() ? "<tr>" : "<tr class=\"" + html_escape(cls) + "\">");
        for (size_t i = 0; i < t.rows[r].size(); ++i) {
            const bool right = i < t.align.size() && t.align[i] == 'r';
            o << (right ? "<td class=\"n\">" : "<td>") << html_of(t.rows[r][i]) << "</td>";
        }
        o << "</tr>\n";
    }
    o << "</tbody></table>\n";
}

// Print-friendly: black text, tables that do not split rows across pages, plots that scale.
constexpr const char* kStyle =
    "body{font-family:system-ui,sans-serif;max-width:84em;margin:1em auto;padding:0 1em;color:#111}"
    "table{border-collapse:collapse;margin:0.5em 0 1em}th,td{border:1px solid #bbb;padding:2px 6px;"
    "vertical-align:top}th{background:#eee}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "tr.fail td,tr.worse td{background:#fde8e8}tr.better td{background:#e6f4e6}"
    "code{font-size:90%}pre{background:#f6f6f6;padding:0.5em;overflow-x:auto}"
    "figure.plot{margin:0.5em 0 1.5em}svg{max-width:100%;height:auto}"
    "@media print{tr,figure{break-inside:avoid}body{max-width:none}}";

}  // namespace

std::string html_escape(const std::string& s) {
    std::string out;
    for (const char ch : s) {
        const auto byte = static_cast<unsigned char>(ch);
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default:
                // Control characters shown, not obeyed (HTML forbids most of them anyway).
                if (byte < 0x20 && ch != '\n' && ch != '\t') {
                    static const char* hex = "0123456789abcdef";
                    out += "\\x";
                    out += hex[byte >> 4];
                    out += hex[byte & 15];
                } else {
                    out += ch;
                }
        }
    }
    return out;
}

std::string to_markdown(const Document& d) {
    std::ostringstream o;
    for (const Block& b : d.blocks()) {
        switch (b.kind) {
            case Block::Kind::heading:
                o << std::string(static_cast<size_t>(b.level), '#') << " " << markdown_of(b.text, false) << "\n\n";
                break;
            case Block::Kind::paragraph: o << markdown_of(b.text, false) << "\n\n"; break;
            case Block::Kind::list:
            case Block::Kind::numbered: {
                const std::string indent(static_cast<size_t>(2 * b.level), ' ');
                int n = 0;
                for (const Text& item : b.items) {
                    o << indent << (b.kind == Block::Kind::list ? "-" : std::to_string(++n) + ".") << " "
                      << markdown_of(item, false) << "\n";
                }
                o << "\n";
                break;
            }
            case Block::Kind::table: markdown_table(o, b.table); break;
            case Block::Kind::preformatted:
            case Block::Kind::plot:
                if (!b.preformatted.empty()) o << "```\n" << b.preformatted << "```\n\n";
                break;
        }
    }
    return o.str();
}

std::string to_html(const Document& d, const std::string& title) {
    std::ostringstream o;
    o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << html_escape(title)
      << "</title>\n<style>" << kStyle << "</style></head><body>\n";
    for (const Block& b : d.blocks()) {
        switch (b.kind) {
            case Block::Kind::heading:
                o << "<h" << b.level << ">" << html_of(b.text) << "</h" << b.level << ">\n";
                break;
            case Block::Kind::paragraph: o << "<p>" << html_of(b.text) << "</p>\n"; break;
            case Block::Kind::list:
            case Block::Kind::numbered: {
                const char* tag = b.kind == Block::Kind::list ? "ul" : "ol";
                o << "<" << tag << (b.level > 0 ? " class=\"nested\"" : "") << ">\n";
                for (const Text& item : b.items) o << "<li>" << html_of(item) << "</li>\n";
                o << "</" << tag << ">\n";
                break;
            }
            case Block::Kind::table: html_table(o, b.table); break;
            case Block::Kind::preformatted: o << "<pre>" << html_escape(b.preformatted) << "</pre>\n"; break;
            case Block::Kind::plot: o << "<figure class=\"plot\">" << b.svg << "</figure>\n"; break;
        }
    }
    o << "</body></html>\n";
    return o.str();
}

}  // namespace fpv::doc
