/** Placeholder; see the module's pom for what this package will hold. */
package io.github.tidu4j.annotations;
