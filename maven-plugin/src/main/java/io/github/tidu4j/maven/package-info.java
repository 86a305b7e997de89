/**
 * The tidu4j Maven plugin: its {@code export} goal ({@link io.github.tidu4j.maven.ExportMojo}) finds
 * the methods marked {@link io.github.tidu4j.annotations.Export} in the compiled classes ({@link
 * io.github.tidu4j.maven.ExportScanner}), traces and transforms each over its primitive set
 * ({@link io.github.tidu4j.maven.MarkedFunction}), writes the programs as plain Java source with a
 * class per marked function calling them ({@link io.github.tidu4j.maven.FacadeWriter}), and
 * compiles them into the same classes ({@link io.github.tidu4j.maven.ExportBuild}).
 *
 * <pre>{@code
 * <plugin>
 *   <groupId>io.github.tidu4j</groupId>
 *   <artifactId>tidu4j-maven-plugin</artifactId>
 *   <version>${tidu4j.version}</version>
 *   <executions><execution><goals><goal>export</goal></goals></execution></executions>
 * </plugin>
 * }</pre>
 */
package io.github.tidu4j.maven;
