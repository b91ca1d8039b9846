#include "cli/command.h"

namespace fpv {

std::vector<std::unique_ptr<Command>> all_commands() {
    std::vector<std::unique_ptr<Command>> list;
    list.push_back(make_list_command());
    list.push_back(make_run_command());
    list.push_back(make_resume_command());
    list.push_back(make_status_command());
    list.push_back(make_merge_command());
    list.push_back(make_report_command());
    list.push_back(make_query_command());
    list.push_back(make_mutation_command());
    list.push_back(make_export_command());
    list.push_back(make_repro_command());
    for (auto& op_command : make_op_commands()) list.push_back(std::move(op_command));
    list.push_back(make_bench_command());
    list.push_back(make_mufu_dump_command());
    list.push_back(make_mufu_model_command());
    return list;
}

}  // namespace fpv
