"""The pytest plugin against contributor files (issue 26, point 8): a caption that can never render
fails its own item at the caption's line, and a symlink loop under the scenarios folder collects
each real file once."""
import os

pytest_plugins = ["pytester"]

STORY = """variant: tavla
position: {white: {5: 1, 3: 1}, black: {19: 15}}
turn: white
roll: 4-2
show: 5/3 3/off
expect:
  plays: 2
caption: {en: "{{ s.roll }} is played.", tr: "{{ s.roll }} oynanır."}
then:
  - roll: 6-5
    show: 6/off 6/1
    caption:
      tr: "{{ s.nope }}"
"""


def _project(pytester, files):
    pytester.makeini("[pytest]\ntavla_scenarios = scenarios\n")
    for name, text in files.items():
        path = pytester.path / "scenarios" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_each_caption_is_an_item_and_a_broken_one_fails_at_its_line(pytester):
    _project(pytester, {"t/story.yaml": STORY})
    items, _ = pytester.inline_genitems()
    names = [i.name for i in items]
    assert names[-3:] == ["caption[en]", "caption[tr]", "then[1].caption[tr]"]
    result = pytester.runpytest("-rN")
    result.assert_outcomes(passed=len(items) - 1, failed=1)
    result.stdout.fnmatch_lines(["scenarios/t/story.yaml:13:11: error: caption tr: "
                                 "'tavla_docs.site.facts.frame.FrameFacts object' has no attribute 'nope'"])


def test_a_symlink_loop_collects_each_real_file_once(pytester):
    _project(pytester, {"t/story.yaml": STORY.split("caption:")[0]})
    os.symlink("..", pytester.path / "scenarios" / "t" / "up")  # scenarios/t/up/t/up/… until ELOOP
    os.symlink("t", pytester.path / "scenarios" / "again")  # the same folder under a second name
    items, _ = pytester.inline_genitems()
    assert [i.nodeid for i in items] == ["scenarios/t/story.yaml::load", "scenarios/t/story.yaml::show[5/3 3/off]",
                                         "scenarios/t/story.yaml::plays"]
