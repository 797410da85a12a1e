// libyaml (Debian's libyaml-dev): the parser Yams wraps, used here directly so that no part of
// the daemon needs Foundation. Only YAMLReader imports it.
#include <yaml.h>
