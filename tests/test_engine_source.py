"""The engine's source, read as source: every sentence it says goes through say()/say_n() with a
literal template (so the catalogue can hold it), never bare English. Not run by mutation testing,
which reads mutated files: the engine's behaviour is pinned by the other engine tests."""
import ast

from conftest import ROOT

ENGINE = sorted((ROOT / "rules_engine").rglob("*.py"))


def calls(tree, names):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name in names:
                yield name, node


def is_words(node):
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str)



def test_every_template_is_a_literal_string():
    found = 0
    for path in ENGINE:
        for name, call in calls(ast.parse(path.read_text()), {"say", "say_n"}):
            literal = call.args[:2 if name == "say_n" else 1]
            where = f"{path.name}:{call.lineno}"
            assert len(literal) == (2 if name == "say_n" else 1), where
            for arg in literal:
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), f"{where}: not a literal template"
                assert arg.value.strip() and "%" not in arg.value, f"{where}: empty or %-formatted template"
            found += 1
    assert found > 100


def test_errors_and_explanations_are_never_bare_english():
    for path in ENGINE:
        tree = ast.parse(path.read_text())
        for name, call in calls(tree, {"RuleError", "error"}):
            message = call.args[1:2] if name == "RuleError" else call.args[:1]
            message += [k.value for k in call.keywords if k.arg == "message"]
            assert not any(is_words(arg) for arg in message), f"{path.name}:{call.lineno}: {name} without say"
        for _, call in calls(tree, {"Setting"}):
            said = call.args[1:2] + call.args[4:5] + [k.value for k in call.keywords if k.arg in ("label", "help")]
            assert not any(is_words(arg) for arg in said), f"{path.name}:{call.lineno}: label or help without say"
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.endswith(("_words", "_problem", "explain")):
                for returned in ast.walk(node):
                    if isinstance(returned, ast.Return) and returned.value is not None:
                        assert not is_words(returned.value), f"{path.name}:{returned.lineno}: bare English"
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in (
                    "blurb", "bid_verb", "nobody_words", "BOARD_WORDS", "POINT_NAMES") for t in node.targets):
                values = node.value.values if isinstance(node.value, ast.Dict) else [node.value]
                assert not any(is_words(v) for v in values), f"{path.name}:{node.lineno}: bare English"


# --- every game: what the engine says is Text, and translates to itself in English --------------
