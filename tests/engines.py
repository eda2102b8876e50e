"""One phone, three browser engines: Chromium (Playwright), WebKit (Selenium driving Debian's
WebKitWebDriver and its MiniBrowser under Xvfb) and Firefox ESR (Marionette, headless). A journey
is written once against `Phone` and run in each. Every phone opens the app on the table's plain-http
address, http://scorepad.test:PORT (an insecure origin, as phones on the Wi-Fi get it), through a
`Relay` that stands for the Wi-Fi: the test cuts it for a drop and restores it.

How each engine reaches scorepad.test and a phone's width (CSS px of the page):
- Chromium: --host-resolver-rules maps the name; the viewport is set (390 x 844).
- WebKit: a manual HTTP proxy (the relay; the app's server answers proxied absolute-URI requests).
  MiniBrowser's toolbar buttons keep its window at least 447 px wide: a GTK style sheet of the
  phone's own (XDG_CONFIG_HOME) takes their padding away, and the window is then 390 px. (Zooming
  the page instead, GDK_DPI_SCALE, puts WebDriver's pointer off its target.)
- Firefox: the pref network.dns.localDomains; its window keeps a 500 px minimum (min-width on the
  browser's own document), which the test lifts before asking for 390 px.
"""
import gc
import glob
import os
import socket
import subprocess
import threading
import time
import warnings
from abc import ABC, abstractmethod

TABLE_HOST = "scorepad.test"
ENGINES = ("chromium", "webkit", "firefox")
WIDTH, HEIGHT = 390, 844
FIREFOX = "/usr/bin/firefox-esr"
MINIBROWSER = (glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser") or ["MiniBrowser"])[0]
# MiniBrowser's own window: its toolbar's buttons without padding, so that it can be a phone's width
NARROW_TOOLBAR = "button { padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0; }\n"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Relay:
    """The table's Wi-Fi: passes every byte between the phones and the server until cut; while cut,
    every connection (those open and each new one) is closed at once, as a dropped network does."""

    def __init__(self, server_port: int):
        self.server_port = server_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:                         # closed
                return
            try:
                if not self.up:
                    raise OSError("cut")
                server = socket.create_connection(("127.0.0.1", self.server_port))
            except OSError:
                phone.close()
                continue
            with self.lock:
                self.open |= {phone, server}
            for source, sink in ((phone, server), (server, phone)):
                threading.Thread(target=self._pass_on, args=(source, sink), daemon=True).start()

    def _pass_on(self, source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        self._drop(source)
        self._drop(sink)

    def _drop(self, connection):
        with self.lock:
            self.open.discard(connection)
        try:
            connection.shutdown(socket.SHUT_RDWR)   # wakes the thread reading it
        except OSError:
            pass
        connection.close()

    def cut(self):
        self.up = False
        for connection in list(self.open):
            self._drop(connection)

    def restore(self):
        self.up = True

    def close(self):
        self.cut()
        self.listener.close()


def virtual_display() -> tuple[subprocess.Popen, str]:
    """An Xvfb of our own on the first free display number (Xvfb picks it and says which)."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x900x24", "-nolisten", "tcp"],
                            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as said:
        number = said.readline().strip()
    if not number:
        xvfb.kill()
        raise RuntimeError("Xvfb did not start")
    return xvfb, f":{number}"


class Phone(ABC):
    """What a player does with a phone, the same in every engine. `css` picks elements; `tap` is a
    real press and release of the pointer on the element's middle. Each engine's class says how."""
    engine = ""

    def __init__(self, relay: Relay):
        self.relay = relay

    @abstractmethod
    def run(self, script: str, *args):
        """The value of a function body (`return ...`, arguments in `arguments`) run in the page."""

    def texts(self, css: str) -> list[str]:
        """What the elements `css` show: "" for one not drawn (hidden), whatever its words."""
        return self.run("""return Array.from(document.querySelectorAll(arguments[0]),
                                        e => e.getClientRects().length ? e.innerText.trim() : '')""", css)

    def text(self, css: str) -> str:
        return (self.texts(css) or [""])[0]

    @property
    def url(self) -> str:
        return self.run("return location.href")

    def wait(self, condition, what, seconds: float = 10):
        """Until condition() is true (polled every 50 ms), else fail saying `what` was awaited (a
        string, or a function giving it then: what a page shows is read only once the wait is over)."""
        end = time.monotonic() + seconds
        while True:
            try:
                if condition():
                    return
            except Exception:                      # a page being replaced under the question
                if time.monotonic() > end:
                    raise
            if time.monotonic() > end:
                raise AssertionError(f"{self.engine}: waited {seconds}s for {what() if callable(what) else what}")
            time.sleep(0.05)

    def shows(self, css: str, expected: list[str] | str, seconds: float = 10):
        """Until the elements `css` show exactly `expected` (a list), or the first contains it (a str)."""
        if isinstance(expected, str):
            self.wait(lambda: expected in self.text(css), lambda: f"{css} containing {expected!r}: {self.texts(css)}",
                      seconds)
        else:
            self.wait(lambda: self.texts(css) == expected, lambda: f"{css} to be {expected}: {self.texts(css)}", seconds)

    def loaded(self, url: str | None = None):
        """Until the page (at `url`, when given) has loaded with its script."""
        self.wait(lambda: (url is None or self.url == url) and
                  self.run("return document.readyState === 'complete' && !!window.scorepad"), f"page {url} loaded")

    def offline(self, yes: bool):
        """The Wi-Fi drops (or comes back): the relay cuts every connection; engines that can also
        say so to the page (the `offline` and `online` events)."""
        if yes:
            self.relay.cut()
        else:
            self.relay.restore()

    @abstractmethod
    def goto(self, url): """Open `url`."""

    @abstractmethod
    def fill(self, css, text): """Type `text` into the box `css`, as a player does."""

    @abstractmethod
    def tap(self, css): """Press and release on the middle of `css`."""

    @abstractmethod
    def reload(self): """Load the page again."""

    @abstractmethod
    def back(self): """The browser's Back."""

    @abstractmethod
    def screenshot(self, path): """What the screen shows, as a PNG at `path`."""

    @abstractmethod
    def close(self): """Put the phone away: its pages and what it keeps of the table."""


class ChromiumPhone(Phone):
    engine = "chromium"

    def __init__(self, relay, browser, dark=False):
        super().__init__(relay)
        self.context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True,
                                           has_touch=True, color_scheme="dark" if dark else "light")
        self.page = self.context.new_page()

    def run(self, script, *args):
        return self.page.evaluate(f"args => (function () {{ {script} }}).apply(null, args)", list(args))

    def goto(self, url):
        self.page.goto(url)

    def fill(self, css, text):
        self.page.locator(css).fill(text)

    def tap(self, css):
        self.page.locator(css).click()

    def reload(self):
        self.page.reload()

    def back(self):
        self.page.go_back()

    def screenshot(self, path):
        self.page.screenshot(path=path)

    def offline(self, yes):
        super().offline(yes)
        self.context.set_offline(yes)

    def close(self):
        for page in self.context.pages:     # one by one: see close() in test_browser.py
            page.close()
        self.context.close()


class WebDriverPhone(Phone):
    """Selenium's and Marionette's elements answer the same few calls."""

    @abstractmethod
    def find(self, css):
        """The element `css` as the engine's driver holds it."""

    def fill(self, css, text):
        field = self.find(css)
        field.clear()
        field.send_keys(text)


class WebKitPhone(WebDriverPhone):
    engine = "webkit"

    def __init__(self, relay, display, settings, dark=False):
        """settings: a folder for MiniBrowser's GTK settings (XDG_CONFIG_HOME)."""
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy, ProxyType
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        super().__init__(relay)
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        if dark:
            options.add_argument("--dark-mode")
        options.proxy = Proxy({"proxyType": ProxyType.MANUAL, "httpProxy": f"127.0.0.1:{relay.port}"})
        (settings / "gtk-3.0").mkdir(parents=True, exist_ok=True)
        (settings / "gtk-3.0" / "gtk.css").write_text(NARROW_TOOLBAR)
        environment = {**os.environ, "DISPLAY": display, "XDG_CONFIG_HOME": str(settings)}
        # a connection made here: Selenium 4.51 makes its own (webdriver.WebKitGTK) with a deprecated call
        self.service = webdriver.WebKitGTKService(env=environment)
        self.service.start()
        connection = RemoteConnection(client_config=ClientConfig(remote_server_addr=self.service.service_url))
        self.driver = webdriver.Remote(command_executor=connection, options=options)
        self.driver.set_window_size(WIDTH, HEIGHT)

    def run(self, script, *args):
        return self.driver.execute_script(script, *args)

    def find(self, css):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def goto(self, url):
        self.driver.get(url)

    def tap(self, css):
        from selenium.webdriver.common.action_chains import ActionChains
        target = self.find(css)
        # scrolled into view, and drawn so (two frames later): the pointer goes where the page now is
        self.driver.execute_async_script("""const drawn = arguments[1]; arguments[0].scrollIntoView({block: 'center'});
                                            requestAnimationFrame(() => requestAnimationFrame(drawn))""", target)
        # a finger's press lasts a moment: the page may change under it before it lifts
        ActionChains(self.driver).move_to_element(target).click_and_hold().pause(0.05).release().perform()

    def reload(self):
        self.driver.refresh()

    def back(self):
        self.driver.back()

    def screenshot(self, path):
        self.driver.save_screenshot(path)

    def close(self):
        self.driver.quit()
        self.service.stop()


class FirefoxPhone(WebDriverPhone):
    engine = "firefox"

    def __init__(self, relay, folder, dark=False):
        """folder: where Firefox's own log goes (gecko-*.log)."""
        super().__init__(relay)
        prefs = {"network.dns.localDomains": TABLE_HOST, "ui.systemUsesDarkTheme": int(dark),
                 "network.manage-offline-status": False}      # offline only when the test says so
        # mozversion calls distro's deprecated linux_distribution(); the driver leaves the sockets of
        # its tries to connect while Firefox starts to the garbage collector
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            warnings.simplefilter("ignore", ResourceWarning)
            from marionette_driver.marionette import Marionette
            self.marionette = Marionette(bin=FIREFOX, headless=True, port=free_port(), prefs=prefs,
                                         gecko_log=str(folder))
            self.marionette.start_session()
        with self.marionette.using_context("chrome"):
            self.marionette.execute_script("document.documentElement.style.minWidth = '0px'")
        self.marionette.set_window_rect(width=WIDTH, height=HEIGHT)

    def run(self, script, *args):
        return self.marionette.execute_script(script, script_args=list(args), sandbox=None)   # the page's own globals

    def find(self, css):
        return self.marionette.find_element("css selector", css)

    def goto(self, url):
        self.marionette.navigate(url)

    def tap(self, css):
        self.find(css).click()

    def reload(self):
        self.marionette.refresh()

    def back(self):
        self.marionette.go_back()

    def screenshot(self, path):
        with open(path, "wb") as png:
            png.write(self.marionette.screenshot(format="binary"))

    def dark(self, yes: bool):
        """The phone's dark setting, switched as a player switches it (pages follow at once)."""
        with self.marionette.using_context("chrome"):
            self.marionette.execute_script("Services.prefs.setIntPref('ui.systemUsesDarkTheme', arguments[0])",
                                           script_args=[int(yes)])

    def forget(self, origin: str):
        """As if new to the table (one Firefox serves a module's tests: it takes seconds to start):
        online, no cookie and nothing kept for `origin`."""
        self.offline(False)
        self.goto(f"{origin}/")
        self.run("localStorage.clear(); sessionStorage.clear()")
        self.marionette.delete_all_cookies()
        self.goto("about:blank")

    def offline(self, yes):
        super().offline(yes)
        with self.marionette.using_context("chrome"):
            self.marionette.execute_script("Services.io.offline = arguments[0]", script_args=[yes])

    def close(self):
        self.marionette.quit(in_app=False)
        self.marionette.cleanup()
        self.marionette = None
        gc.collect()        # its profile's folder removed now, not at the interpreter's exit (where that fails)
