@echo off
rem Runs qmd4j from its distribution archive (this script in bin\, the jars in lib\) with a JDK
rem 17 or newer: JAVA_HOME's java, else the first java on PATH. The same JVM options as
rem bin/qmd4j: C1 only for a one-shot command, the optimising compiler for the long-lived ones
rem (mcp, serve, daemon). On JDK 19+ the JVM keeps a class-data archive in the user's cache
rem folder, written at the end of the first run and written again when the jars or the JDK
rem change, so that later starts are faster.
rem (No parenthesised blocks below: a path such as "C:\Program Files (x86)" would close them.)
setlocal EnableExtensions DisableDelayedExpansion

for %%i in ("%~dp0..") do set "QMD4J_HOME=%%~fi"
set "QMD4J_LIB=%QMD4J_HOME%\lib"
if exist "%QMD4J_LIB%\*.jar" goto libFound
>&2 echo qmd4j: no jars in %QMD4J_LIB%; unpack the whole archive, bin and lib side by side
exit /b 1
:libFound

if not defined JAVA_HOME goto javaFromPath
set "JAVA=%JAVA_HOME%\bin\java.exe"
if exist "%JAVA%" goto javaFound
>&2 echo qmd4j: JAVA_HOME is %JAVA_HOME%, which has no bin\java.exe; set it to a JDK 17 or newer, or unset it to use the java on PATH
exit /b 1
:javaFromPath
set "JAVA="
for %%j in (java.exe) do set "JAVA=%%~$PATH:j"
if defined JAVA goto javaFound
>&2 echo qmd4j: no java on PATH and JAVA_HOME is not set; qmd4j needs a JDK 17 or newer: install one, then set JAVA_HOME to it or put its bin folder on PATH
exit /b 1
:javaFound

rem The version from the first line of java -version: openjdk version "17.0.15" ... (1.8.0 is 8).
set "JVER="
for /f "tokens=3" %%v in ('call "%JAVA%" -version 2^>^&1 ^| findstr /c:" version "') do if not defined JVER set "JVER=%%~v"
set "FEATURE="
set "MINOR="
for /f "tokens=1,2 delims=.-_+" %%a in ("%JVER%") do set "FEATURE=%%a" & set "MINOR=%%b"
if "%FEATURE%"=="1" set "FEATURE=%MINOR%"
if defined FEATURE goto versionFound
>&2 echo qmd4j: cannot tell which Java %JAVA% is; qmd4j needs a JDK 17 or newer
exit /b 1
:versionFound
set /a FEATURE_N=FEATURE 2>nul
if %FEATURE_N% GEQ 17 goto versionOk
>&2 echo qmd4j: %JAVA% is Java %JVER%; qmd4j needs Java 17 or newer. Set JAVA_HOME to a JDK 17+ (or put its bin folder first on PATH)
exit /b 1
:versionOk

rem Serial GC, logs (archive warnings too) on stderr only; C1 only for one-shot commands.
set "OPTS=-XX:+UseSerialGC -Xlog:disable -Xlog:all=error:stderr"
if "%~1"=="mcp" goto longLived
if "%~1"=="serve" goto longLived
if "%~1"=="daemon" goto longLived
set "OPTS=-XX:TieredStopAtLevel=1 %OPTS%"
:longLived
rem Lucene maps index files through the FFM API: allowed without a warning (JDK 22+).
if %FEATURE_N% GEQ 22 set "OPTS=%OPTS% --enable-native-access=ALL-UNNAMED"

rem The class-data archive, in the cache folder qmd4j uses for its indexes, one per JDK version.
if %FEATURE_N% LSS 19 goto run
set "CACHE=%USERPROFILE%\.cache\qmd4j"
if defined XDG_CACHE_HOME set "CACHE=%XDG_CACHE_HOME%\qmd4j"
if defined QMD4J_CACHE_DIR set "CACHE=%QMD4J_CACHE_DIR%"
if not exist "%CACHE%\startup" mkdir "%CACHE%\startup" >nul 2>&1
if not exist "%CACHE%\startup" goto run
set "OPTS=%OPTS% -XX:+AutoCreateSharedArchive "-XX:SharedArchiveFile=%CACHE%\startup\qmd4j-jdk%JVER%.jsa""

:run
"%JAVA%" %OPTS% -cp "%QMD4J_LIB%\*" org.qmd4j.cli.Launch %*
exit /b %ERRORLEVEL%
